/**
 * The whitelist (licence) rules both sides share: request schemas, expiry arithmetic and display.
 * The Worker enforces them; the page uses the same schemas so it never sends what the Worker refuses.
 */
import { z } from 'zod';
import { DAY_MS, EXPIRY_OPTIONS_DAYS } from './constants';
import { SNOWFLAKE_PATTERN } from './discord-ids';

/** Licences never start before Discord existed nor end after this; anything outside is a typo. */
const EARLIEST_DATE_MS = Date.UTC(2015, 0, 1);
const LATEST_DATE_MS = Date.UTC(2100, 0, 1);

/** Anything further away than this counts as the 'permanent' option (which is 10 years). */
export const PERMANENT_THRESHOLD_DAYS = 5 * 365;

/** `label` is what people read (the form's label); the Worker's answer adds the field's path before it. */
const snowflake = (label: string, what: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .regex(SNOWFLAKE_PATTERN, { error: `${label} must be a Discord ${what} ID (17–20 digits).` });

/** Absent, null and '' all mean 'none'. */
const optionalSnowflake = (label: string, what: string) =>
  z
    .union([z.literal(''), snowflake(label, what)], { error: `${label} must be a Discord ${what} ID (17–20 digits).` })
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

/** A date as epoch milliseconds or an ISO 8601 string; answered as epoch milliseconds. */
const date = (field: string) =>
  z.union([z.number(), z.string()], { error: `${field} must be a date (epoch milliseconds or ISO 8601).` }).transform((value, ctx) => {
    const ms = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Date.parse(value);
    if (!Number.isFinite(ms) || ms < EARLIEST_DATE_MS || ms > LATEST_DATE_MS) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid date between 2015 and 2100.` });
      return z.NEVER;
    }
    return Math.round(ms);
  });

const entryId = (field: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+$/, { error: `${field} must be a whitelist entry id (a positive integer).` }),
      ],
      {
        error: `${field} must be a whitelist entry id (a positive integer).`,
      },
    )
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0, { error: `${field} must be a whitelist entry id (a positive integer).` });

/** POST /api/add-whitelisted-server */
export const addWhitelistedServerSchema = z.object({
  newServerID: snowflake('Server ID', 'server'),
  oldServerID: optionalSnowflake('The server to replace', 'server'),
});

/** POST /api/add-whitelisted-server-admin: the expiry defaults to DEFAULT_EXPIRY_DAYS from now. */
export const adminAddSchema = z.object({
  userID: snowflake('User ID', 'user'),
  newServerID: snowflake('Server ID', 'server'),
  expiresAt: date('expiresAt')
    .nullish()
    .transform((v) => v ?? null),
});

/** POST /api/update-whitelisted-server: `oldID` is the entry's id; a missing expiresAt keeps the current date. */
export const adminUpdateSchema = z.object({
  oldID: entryId('oldID'),
  newUserID: snowflake('User ID', 'user'),
  newServerID: snowflake('Server ID', 'server'),
  expiresAt: date('expiresAt')
    .nullish()
    .transform((v) => v ?? null),
  /** Move a user's own entry to someone who already has their limit anyway (the admin confirmed it). */
  confirmOverLimit: z.boolean({ error: 'confirmOverLimit must be true or false.' }).optional(),
});

/** POST /api/delete-whitelisted-server */
export const adminDeleteSchema = z.object({ id: entryId('id') });

/** POST /api/restore-whitelisted-server: the id of an entry deleted within the undo window. */
export const adminRestoreSchema = z.object({ id: entryId('id') });

/** How long a deleted entry can be restored (the toast's Undo, or a retry of it). */
export const RESTORE_WINDOW_MINUTES = 10;

/** The admin console's pickers: how many matches one search answers, and how long a search text may be. */
export const ADMIN_SEARCH_LIMIT = 10;
export const ADMIN_SEARCH_MAX_LENGTH = 100;

/** GET /api/admin-server-search and /api/admin-user-search: `q` is the start of a name or of an id. */
export const adminSearchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required.' })
    .trim()
    .min(1, { error: 'q must not be empty.' })
    .max(ADMIN_SEARCH_MAX_LENGTH, { error: `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.` }),
});

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

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Permanent' for the 10-year option, otherwise a readable date (UTC, so server and browser agree). */
export function formatExpiry(expiresAt: number, now = Date.now()): string {
  if (isPermanentExpiry(expiresAt, now)) return 'Permanent';
  return dateFormat.format(new Date(expiresAt));
}

export const UNKNOWN_NAME = 'Unknown';
