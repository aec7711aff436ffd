/** Where the Worker mounts its API (index.ts); every address of it starts here. A leaf: the Node scripts read it too. */
export const API_BASE = '/api';
