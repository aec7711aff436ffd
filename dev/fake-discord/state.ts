/** The mutable state of one fake Discord: its data, what it has issued, the injected faults, the call log. */
import { createDemoData } from './data.ts';
import type { DemoData } from './data.ts';

export type FaultMode = 'none' | '429' | '429-html' | '500' | 'slow' | 'malformed' | 'revoke';

export interface FaultConfig {
  mode: FaultMode;
  /** REST calls still to affect; null means until the next reset. */
  remaining: number | null;
  /** Seconds, possibly fractional, for the 429 modes. */
  retryAfter: number;
  /** For 'slow'. */
  delayMs: number;
  /** Only REST paths starting with this are affected (relative to /api/v10, or absolute). */
  pathPrefix: string | null;
}

export type CallAuth = 'user' | 'bot' | 'none';

export interface CallRecord {
  method: string;
  /** The full path, e.g. `/api/v10/users/@me/guilds`. */
  path: string;
  /** The query string including `?`, or ''. */
  search: string;
  /** The scheme the caller presented, valid or not. */
  auth: CallAuth;
  /** The status answered; 0 while the call is still being answered. */
  status: number;
}

export interface AuthorizationCode {
  userId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  expiresAt: number;
}

/** One authorisation of a user: an access token (until expired or revoked) and its refresh token. */
export interface Grant {
  userId: string;
  clientId: string;
  scope: string;
  accessToken: string | null;
  refreshToken: string;
  accessExpiresAt: number;
}

export interface RateLimitWindow {
  startedAt: number;
  count: number;
}

export interface FakeDiscordState {
  data: DemoData;
  codes: Map<string, AuthorizationCode>;
  accessTokens: Map<string, Grant>;
  refreshTokens: Map<string, Grant>;
  fault: FaultConfig;
  calls: CallRecord[];
  rateLimits: Map<string, RateLimitWindow>;
}

export function noFault(): FaultConfig {
  return { mode: 'none', remaining: null, retryAfter: 1, delayMs: 15000, pathPrefix: null };
}

export function createState(): FakeDiscordState {
  return {
    data: createDemoData(),
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    fault: noFault(),
    calls: [],
    rateLimits: new Map(),
  };
}

/** Back to fresh demo data in place, so holders of the state object keep seeing the live one. */
export function resetState(state: FakeDiscordState): void {
  Object.assign(state, createState());
}
