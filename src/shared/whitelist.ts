/**
 * The whitelist (licence) rules both sides share: limits, expiry arithmetic and display. The request schemas are
 * in whitelist-requests.ts, so that pages showing a whitelist load no schema library before they are interactive.
 */
import { DAY_MS, EXPIRY_OPTIONS_DAYS } from './constants';
import { formatUtcDate } from './utc-date';

/** Anything further away than this counts as the 'permanent' option (which is 10 years). */
export const PERMANENT_THRESHOLD_DAYS = 5 * 365;

/** How long a deleted entry can be restored (the toast's Undo, or a retry of it). */
export const RESTORE_WINDOW_MINUTES = 10;

/** The admin console's pickers: how many matches one search answers, and how long a search text may be. */
export const ADMIN_SEARCH_LIMIT = 10;
export const ADMIN_SEARCH_MAX_LENGTH = 100;

export type ExpiryChoice = keyof typeof EXPIRY_OPTIONS_DAYS;

export const EXPIRY_CHOICES: readonly { value: ExpiryChoice; label: string }[] = [
  { value: 'week', label: '7 days' },
  { value: 'month', label: '30 days' },
  { value: 'permanent', label: 'Permanent' },
];

/** The expiry date for a choice of the admin form, counted from `now`. */
export const expiryFromChoice = (choice: ExpiryChoice, now = Date.now()) => now + EXPIRY_OPTIONS_DAYS[choice] * DAY_MS;

export const expiryInDays = (days: number, now = Date.now()) => now + days * DAY_MS;

export const isPermanentExpiry = (expiresAt: number, now = Date.now()) => expiresAt - now > PERMANENT_THRESHOLD_DAYS * DAY_MS;

/** 'Permanent' for the 10-year option, otherwise a readable date (UTC, so server and browser agree). */
export function formatExpiry(expiresAt: number, now = Date.now()): string {
  if (isPermanentExpiry(expiresAt, now)) return 'Permanent';
  return formatUtcDate(expiresAt, 'short');
}

export const UNKNOWN_NAME = 'Unknown';
