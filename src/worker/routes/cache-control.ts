/** Per-user data: never stored by a shared cache, never reused by the browser without asking. */
export const PRIVATE = { 'Cache-Control': 'private, no-store' } as const;
