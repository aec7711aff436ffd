/**
 * The sessions list (account menu → Sessions). Kept free of zod: the account menu's chunk imports it, and the
 * schema lives apart in session-schemas.ts for the Worker.
 */

export interface SessionInfo {
  id: string;
  /** The session this browser is using. */
  current: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; updated at most once a minute. */
  lastSeenAt: number;
  /** A short label from the browser's User-Agent, e.g. 'Firefox on Linux'. */
  device: string;
}

export interface SessionsResponse {
  sessions: SessionInfo[];
}

/** Session ids are 32 random bytes as base64url. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Set beside the session cookie and cleared with it: no secret (its value says nothing), readable by the page's
 * boot script so a page built for everyone can keep the account menu's place instead of showing 'Login' while it
 * asks who is signed in. The session itself stays in its HttpOnly cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'sm_signed_in';
