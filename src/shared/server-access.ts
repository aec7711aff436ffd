/** Dashboard access by Discord role: the levels and the grant API's shapes (its schema: server-access-requests.ts). */

/** What a role can be granted: 'read' opens the settings and the audit, 'write' also changes settings. */
export const GRANT_LEVELS = ['read', 'write'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];

/** A user's access to a server's dashboard: 'manage' (owner, Manage Server, Administrator) or a granted level. */
export type AccessLevel = 'manage' | GrantLevel;

const RANK: Record<AccessLevel, number> = { read: 1, write: 2, manage: 3 };

/** Whether `held` allows what `needed` asks for (manage ⊃ write ⊃ read). */
export const allows = (held: AccessLevel, needed: AccessLevel): boolean => RANK[held] >= RANK[needed];

/** The higher of two levels. */
/** Why a signed-in user may not open a server's settings, when the page can tell them how to get in. */
export const ACCESS_DENIALS = ['NO_ACCESS', 'BOT_NOT_IN_SERVER'] as const;
export type AccessDenial = (typeof ACCESS_DENIALS)[number];
export const isAccessDenial = (code: string): code is AccessDenial => (ACCESS_DENIALS as readonly string[]).includes(code);

/** The server's first paint of a settings page the user may not open (403): the API's error body. */
export interface AccessDeniedResponse {
  code: AccessDenial;
  error: string;
}

/**
 * Whether the page may offer changes: a reader never, and nobody while the page's Discord data is a last known
 * copy (the server refuses changes then: its authority would be stale).
 */
export const mayChange = ({ access, stale }: { access: AccessLevel; stale?: true }): boolean => access !== 'read' && stale !== true;

export const higherLevel = <L extends AccessLevel>(a: L, b: L): L => (RANK[a] >= RANK[b] ? a : b);

export interface ServerAccessGrant {
  roleID: string;
  level: GrantLevel;
}

/** GET /api/server-access and POST /api/update-server-access. */
export interface ServerAccessResponse {
  grants: ServerAccessGrant[];
}
