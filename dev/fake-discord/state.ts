/** The mutable state of one fake Discord: its data, what it has issued, the injected faults, the call log. */
import { createDemoData, DEMO_USER_IDS } from './data.ts';
import type { DemoData } from './demo-types.ts';
import { createGeneratedGuilds, DISCORD_MAX_USER_GUILDS } from './generated.ts';
import type { GeneratedGuilds } from './generated.ts';
import { isGuildMember } from './permissions.ts';
import { createRateLimiter, defaultRateLimits } from './ratelimit.ts';
import type { RateLimitConfig, RateLimiter } from './ratelimit.ts';

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

/** `client` is an app's Basic client credentials, at the OAuth2 token endpoints. */
export type CallAuth = 'user' | 'bot' | 'client' | 'none';

export interface CallRecord {
  method: string;
  /** The full path, e.g. `/api/v10/users/@me/guilds` or `/api/oauth2/token`. */
  path: string;
  /** The query string including `?`, or ''. */
  search: string;
  /** The scheme the caller presented, valid or not. */
  auth: CallAuth;
  /** The status answered; 0 while the call is still being answered. */
  status: number;
  /** The User-Agent header as sent, or null when there was none. */
  userAgent: string | null;
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

/** One call of the OAuth2 token endpoint (or its revocation), for tests that count refreshes. */
export interface TokenCallRecord {
  /** `authorization_code`, `refresh_token`, or `revoke`. */
  grantType: string;
  status: number;
}

export interface FakeDiscordOptions {
  /** Lifetime of issued access tokens (`expires_in`); Discord's is 604800 (7 days). */
  tokenTtlSeconds?: number;
  /** Generated guilds the bot is in besides the demo guilds (`FAKE_DISCORD_BOT_GUILDS`); 0 by default. */
  botGuilds?: number;
  /** The rate limits in force after creation and after each reset; Discord's by default. */
  rateLimits?: RateLimitConfig;
  /** Milliseconds since the epoch; tests pass a clock they move by hand. */
  now?: () => number;
}

/** Discord's access token lifetime. */
export const DEFAULT_TOKEN_TTL_SECONDS = 604800;

export interface FakeDiscordState {
  data: DemoData;
  codes: Map<string, AuthorizationCode>;
  accessTokens: Map<string, Grant>;
  refreshTokens: Map<string, Grant>;
  fault: FaultConfig;
  /** Injected failures of the OAuth2 token endpoint, apart from the REST faults. */
  tokenFault: FaultConfig;
  calls: CallRecord[];
  tokenCalls: TokenCallRecord[];
  generated: GeneratedGuilds;
  rateLimiter: RateLimiter;
  /** What the state was created with, so a reset comes back to it. */
  options: FakeDiscordOptions;
  tokenTtlSeconds: number;
}

export function noFault(): FaultConfig {
  return { mode: 'none', remaining: null, retryAfter: 1, delayMs: 15000, pathPrefix: null };
}

const demoGuildsOf = (data: DemoData, userId: string) => data.guilds.filter((guild) => isGuildMember(guild, userId)).length;

/**
 * Discord never lists a user in more than 200 guilds; demo data that would have one is refused here rather than
 * cut short in an answer, where the guilds past the 200th would vanish without a word.
 */
export function checkUserGuildLimit(data: DemoData, generated: GeneratedGuilds): void {
  for (const user of data.users) {
    if (user.bot === true) continue;
    const count = demoGuildsOf(data, user.id) + (user.id === DEMO_USER_IDS.owner ? generated.ownerIndices.length : 0);
    if (count > DISCORD_MAX_USER_GUILDS) throw new Error(`${user.username} would be in ${count} guilds; Discord allows a user ${DISCORD_MAX_USER_GUILDS}`);
  }
}

export function createState(options: FakeDiscordOptions = {}): FakeDiscordState {
  const data = createDemoData();
  const generated = createGeneratedGuilds(options.botGuilds ?? 0, demoGuildsOf(data, DEMO_USER_IDS.owner));
  checkUserGuildLimit(data, generated);
  return {
    data,
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    fault: noFault(),
    tokenFault: noFault(),
    calls: [],
    tokenCalls: [],
    generated,
    rateLimiter: createRateLimiter(structuredClone(options.rateLimits ?? defaultRateLimits()), options.now ?? Date.now),
    options,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  };
}

/** Back to fresh demo data in place, so holders of the state object keep seeing the live one (options stay). */
export function resetState(state: FakeDiscordState): void {
  Object.assign(state, createState(state.options));
}
