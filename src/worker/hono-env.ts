import type { SessionUser } from '../shared/account';

/** The Hono environment every route module shares. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    secureHeadersNonce?: string;
    /** Cloudflare's ray id, or a random one locally (request-log.ts). */
    requestId: string;
    /** Added to the request's error log line: the failure's cause, the settings missing (request-log.ts). */
    logDetail?: string;
    /** Set by resolveSession when the request carries a valid session. */
    session?: ActiveSession;
    sessionResolved?: boolean;
    /** The session cookie, read and its claims verified once per request (auth/session.ts). */
    sessionCookie?: SessionCookie;
  };
}

/** What the guards add: handlers behind `signedIn` or `adminOnly` read the session as `c.var.signedIn`. */
export interface SignedInEnv {
  Bindings: Env;
  Variables: AppEnv['Variables'] & { signedIn: ActiveSession };
}

/** `signedIn` with reads made in the session's D1 round trip (auth/guards.ts `signedInReading`): their rows, when it gave them. */
export interface ReadAheadEnv<T> {
  Bindings: Env;
  Variables: SignedInEnv['Variables'] & { readAhead: T | undefined };
}

/** What a valid session cookie says: the session's id and its user's. */
export interface SessionClaims {
  sid: string;
  sub: string;
}

/** Whether the request sent a session cookie, and its claims when it is valid. */
export interface SessionCookie {
  sent: boolean;
  claims: Promise<SessionClaims | null>;
}

export interface ActiveSession {
  id: string;
  user: SessionUser;
  accessToken: string;
  /**
   * After Discord answered 401 to `accessToken`: a refreshed token (one refresh, shared with concurrent requests).
   * Throws 401 (and ends the session) when Discord refuses the grant, 502 when it cannot answer.
   */
  renewAccessToken: () => Promise<string>;
}
