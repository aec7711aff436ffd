import type { SessionLimits } from '../db/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_IDLE_DAYS = 7;
const DEFAULT_LIFETIME_DAYS = 30;
/** `last_seen_at` is written at most this often, not on every request. */
export const LAST_SEEN_INTERVAL_MS = 60 * 1000;
/** A user's live sessions are bounded: a login beyond this many ends their oldest. */
export const MAX_LIVE_SESSIONS_PER_USER = 10;

function days(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Idle timeout and absolute lifetime, from SESSION_IDLE_DAYS and SESSION_LIFETIME_DAYS. */
export function sessionLimits(env: Env, now = Date.now()): SessionLimits {
  return {
    now,
    idleMs: days(env.SESSION_IDLE_DAYS, DEFAULT_IDLE_DAYS) * DAY_MS,
    lifetimeMs: days(env.SESSION_LIFETIME_DAYS, DEFAULT_LIFETIME_DAYS) * DAY_MS,
  };
}
