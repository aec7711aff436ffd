/**
 * Discord's limit on invalid requests ("Cloudflare bans"): an IP whose calls earn too many 401, 403 and 429
 * answers (10,000 in 10 minutes) is refused everything for a while, at the edge, before any route or rate
 * limit. A 429 with `X-RateLimit-Scope: shared` does not count. Discord does not say how long the ban lasts;
 * an hour here. All callers of this fake come from one address, so there is one count.
 */

/** What Cloudflare answers a banned address (and the '429-html' fault): HTML, a Retry-After, no rate-limit headers. */
export const BAN_PAGE = `<!DOCTYPE html>
<html><head><title>Access denied | discord.com used Cloudflare to restrict access</title></head>
<body><h1>Error 1015</h1><p>You are being rate limited</p>
<p>The owner of this website (discord.com) has banned you temporarily from accessing this website.</p>
</body></html>`;

export interface InvalidRequestLimit {
  limit: number;
  windowMs: number;
  banMs: number;
}

export const DISCORD_INVALID_REQUEST_LIMIT: InvalidRequestLimit = { limit: 10_000, windowMs: 10 * 60 * 1000, banMs: 60 * 60 * 1000 };

export interface InvalidRequests {
  windowStartedAt: number;
  count: number;
  /** 0 when not banned. */
  bannedUntil: number;
}

export const noInvalidRequests = (): InvalidRequests => ({ windowStartedAt: 0, count: 0, bannedUntil: 0 });

/** Whether an answer counts towards the limit. */
export function isInvalid(status: number, rateLimitScope: string | null): boolean {
  if (status === 429) return rateLimitScope !== 'shared';
  return status === 401 || status === 403;
}

/** Counts one invalid answer; the one past the limit starts the ban. */
export function countInvalid(record: InvalidRequests, limit: InvalidRequestLimit, now: number): void {
  if (now - record.windowStartedAt >= limit.windowMs) {
    record.windowStartedAt = now;
    record.count = 0;
  }
  record.count += 1;
  if (record.count > limit.limit) record.bannedUntil = now + limit.banMs;
}

/** Milliseconds the ban still runs, or 0. */
export const banRemainingMs = (record: InvalidRequests, now: number): number => Math.max(0, record.bannedUntil - now);
