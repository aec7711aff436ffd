/** Where the Worker mounts its API (index.ts); every address of it starts here. A leaf: the Node scripts read it too. */
export const API_BASE = '/api';

/** Discord sends a login back here (routes/auth.ts); `npm run setup` prints the whole URL for the developer portal. */
export const OAUTH_CALLBACK_PATH = '/successful-auth';
