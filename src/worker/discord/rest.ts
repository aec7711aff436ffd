/** The one way out to Discord's REST API: auth headers, timeouts, retries, rate limits, error mapping. */
import { ApiError } from '../errors';
import type { DiscordAuth } from './caller';
import { bucketWaitMs, clearRateLimitBuckets, recordBucket, routeKey, takeFromBucket, type RouteKey } from './rate-limit-buckets';
import { discordUserAgent, type UserAgentEnv } from './user-agent';

export { clearRateLimitBuckets };

export type DiscordQuery = Record<string, string | number | boolean | undefined>;

export interface DiscordRequestOptions {
  auth: DiscordAuth;
  query?: DiscordQuery;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Once aborted, the call is not sent (nor sent again): one still waiting for its bucket or a retry throws the reason. */
  signal?: AbortSignal;
}

export interface DiscordRestOptions {
  /** Per attempt, not per request. */
  timeoutMs?: number;
  /** The longest we wait out a 429 or an exhausted bucket before giving up. */
  maxRateLimitWaitMs?: number;
  maxAttempts?: number;
  /** The first backoff after a 5xx or network error; doubles each retry. */
  retryBackoffMs?: number;
}

/** Spelled out rather than picked from `Env` so an unset secret stays optional here. */
export interface DiscordRestEnv extends UserAgentEnv {
  DISCORD_BASE_URL: string;
  DISCORD_BOT_TOKEN?: string;
  /** Optional per-attempt timeout override (the tests shorten it). */
  DISCORD_TIMEOUT_MS?: string;
}

const DEFAULTS: Required<DiscordRestOptions> = {
  timeoutMs: 8000,
  maxRateLimitWaitMs: 5000,
  maxAttempts: 3,
  retryBackoffMs: 100,
};

const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

export class DiscordUnauthorizedError extends ApiError {
  constructor() {
    super(401, 'DISCORD_UNAUTHORIZED', 'Your Discord session has expired. Please log in again.');
    this.name = 'DiscordUnauthorizedError';
  }
}

export const botNotConfigured = () => new ApiError(503, 'BOT_NOT_CONFIGURED', 'The bot token is not configured.');
// Not DiscordUnauthorizedError: a refused bot token says nothing about the visitor's session.
const botTokenRefused = () => new ApiError(503, BOT_UNAUTHORIZED, 'Discord refused the bot token.');

const discordForbidden = () => new ApiError(403, DISCORD_FORBIDDEN, 'Discord refused access to this. Check the bot and your permissions.');
/** Discord's 403 with code 50001 (Missing Access): for the bot, the guild is one it is not in. */
export const DISCORD_MISSING_ACCESS = 'DISCORD_MISSING_ACCESS';
const MISSING_ACCESS_CODE = 50001;
const missingAccess = () => new ApiError(403, DISCORD_MISSING_ACCESS, 'The bot has no access to this server.');
/** Discord's 404: an unknown guild, member or user. */
export const DISCORD_NOT_FOUND = 'DISCORD_NOT_FOUND';

/** Discord's 404, with the code of its JSON body (10004 Unknown Guild, 10007 Unknown Member, …) when it had one. */
export class DiscordNotFoundError extends ApiError {
  constructor(readonly discordCode: number | null) {
    super(404, DISCORD_NOT_FOUND, 'Discord does not know this server or member.');
    this.name = 'DiscordNotFoundError';
  }
}

const BOT_UNAUTHORIZED = 'BOT_UNAUTHORIZED';
const DISCORD_FORBIDDEN = 'DISCORD_FORBIDDEN';
const DISCORD_RATE_LIMITED = 'DISCORD_RATE_LIMITED';
export const discordUnavailable = () => new ApiError(502, 'DISCORD_UNAVAILABLE', 'Discord is not answering properly right now. Please try again shortly.');
const discordRejected = () => new ApiError(502, 'DISCORD_REJECTED', 'Discord rejected the request.');
export const discordTimeout = () => new ApiError(504, 'DISCORD_TIMEOUT', 'Discord took too long to answer. Please try again.');

export function discordRateLimited(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(502, DISCORD_RATE_LIMITED, 'Discord is rate limiting us. Please try again in a few seconds.', {
    'Retry-After': String(seconds),
  });
}

/**
 * Whether Discord answered 401, 403 or 429, the answers its edge counts towards banning the address (10,000 in 10
 * minutes, shared by every Worker on it): a caller that would make Discord say so again should think twice.
 */
export const isRefusalDiscordCounts = (error: unknown): boolean =>
  error instanceof ApiError && [BOT_UNAUTHORIZED, DISCORD_MISSING_ACCESS, DISCORD_FORBIDDEN, DISCORD_RATE_LIMITED].includes(error.code);

/** What one attempt came to: an answer, or a reason to try again after a pause. */
type Attempt<T> = { kind: 'done'; value: T } | { kind: 'rate-limited'; waitMs: number; error: ApiError } | { kind: 'failed'; error: ApiError };

type Retry = Exclude<Attempt<unknown>, { kind: 'done' }>;

export class DiscordRest {
  private readonly options: Required<DiscordRestOptions>;

  constructor(
    private readonly env: DiscordRestEnv,
    options: DiscordRestOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  async request<T>(path: string, options: DiscordRequestOptions): Promise<T> {
    const method = options.method ?? 'GET';
    const authorization = this.authorization(options.auth);
    const key = routeKey(method, path, authorization);
    let lastError: ApiError = discordUnavailable();
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt += 1) {
      await this.waitForBucket(key);
      options.signal?.throwIfAborted();
      const outcome = await this.attempt<T>(path, method, authorization, key, options);
      if (outcome.kind === 'done') return outcome.value;
      lastError = outcome.error;
      const isLast = attempt === this.options.maxAttempts;
      if (isLast || !this.mayRetry(outcome, method)) break;
      await sleep(this.retryDelayMs(outcome, attempt));
    }
    throw lastError;
  }

  private retryDelayMs(outcome: Retry, attempt: number): number {
    if (outcome.kind === 'rate-limited') return outcome.waitMs;
    return this.options.retryBackoffMs * 2 ** (attempt - 1);
  }

  private async waitForBucket(key: RouteKey): Promise<void> {
    const waitMs = bucketWaitMs(key);
    if (waitMs > this.options.maxRateLimitWaitMs) throw discordRateLimited(waitMs);
    await sleep(waitMs);
    takeFromBucket(key);
  }

  private mayRetry(outcome: Retry, method: string): boolean {
    // Waiting longer than the cap would hold the visitor's page for nothing; they get Retry-After instead.
    if (outcome.kind === 'rate-limited') return outcome.waitMs <= this.options.maxRateLimitWaitMs;
    // A 5xx on a POST/PATCH may already have taken effect.
    return IDEMPOTENT_METHODS.has(method);
  }

  private authorization(auth: DiscordAuth): string {
    if (auth.type === 'user') return `Bearer ${auth.token}`;
    const token = this.env.DISCORD_BOT_TOKEN;
    if (token === undefined || token === '') throw botNotConfigured();
    return `Bot ${token}`;
  }

  private url(path: string, query: DiscordQuery | undefined): string {
    const base = this.env.DISCORD_BASE_URL.replace(/\/+$/, '');
    const url = new URL(`${base}/api/v10${path.startsWith('/') ? path : `/${path}`}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private async attempt<T>(path: string, method: string, authorization: string, key: RouteKey, options: DiscordRequestOptions): Promise<Attempt<T>> {
    const url = this.url(path, options.query);
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const headers: Record<string, string> = { Authorization: authorization, 'User-Agent': discordUserAgent(this.env) };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
      const text = await response.text();
      recordBucket(key, response.headers, response.status, retryAfterMs(response.headers, text));
      return this.interpret<T>(response, text, options.auth);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal.aborted) throw discordTimeout();
      return { kind: 'failed', error: discordUnavailable() };
    }
  }

  private interpret<T>(response: Response, text: string, auth: DiscordAuth): Attempt<T> {
    const { status } = response;
    if (status === 429) {
      const waitMs = retryAfterMs(response.headers, text);
      return { kind: 'rate-limited', waitMs, error: discordRateLimited(waitMs) };
    }
    if (status >= 500) return { kind: 'failed', error: discordUnavailable() };
    if (status === 401) throw auth.type === 'user' ? new DiscordUnauthorizedError() : botTokenRefused();
    if (status === 403) throw discordErrorCode(text) === MISSING_ACCESS_CODE ? missingAccess() : discordForbidden();
    if (status === 404) throw new DiscordNotFoundError(discordErrorCode(text));
    if (status >= 400) throw discordRejected();
    if (status === 204 || text === '') return { kind: 'done', value: undefined as T };
    return { kind: 'done', value: parseJson(text) as T };
  }
}

function parseJson(text: string): unknown {
  try {
    // The shape is Discord's documented one (discord-api-types); we only guard against non-JSON.
    return JSON.parse(text) as unknown;
  } catch {
    throw discordUnavailable();
  }
}

/** The `code` of Discord's JSON error body, or null. */
function discordErrorCode(body: string): number | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed && typeof parsed.code === 'number' ? parsed.code : null;
  } catch {
    return null;
  }
}

/** Seconds from `Retry-After`, else from the JSON body's `retry_after`; Cloudflare's HTML 429s carry only the header. */
export function retryAfterMs(headers: Headers, body: string): number {
  const fromHeader = Number.parseFloat(headers.get('Retry-After') ?? '');
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return fromHeader * 1000;
  const fromBody = retryAfterFromBody(body);
  if (fromBody !== null) return fromBody * 1000;
  return 1000;
}

function retryAfterFromBody(body: string): number | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('retry_after' in parsed)) return null;
    const value = parsed.retry_after;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function sleep(milliseconds: number): Promise<void> {
  return milliseconds <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, milliseconds));
}
