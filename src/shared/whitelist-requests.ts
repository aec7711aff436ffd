/**
 * The whitelist's request schemas: the Worker enforces them; the page checks with the same ones before it sends,
 * so it never sends what the Worker refuses (loaded when a form is used, not before the page is interactive).
 */
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from './discord-ids';
import { ADMIN_SEARCH_MAX_LENGTH } from './whitelist';

/** Licences never start before Discord existed nor end after this; anything outside is a typo. */
const EARLIEST_DATE_MS = Date.UTC(2015, 0, 1);
const LATEST_DATE_MS = Date.UTC(2100, 0, 1);

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

/** GET /api/admin-server-search and /api/admin-user-search: `q` is the start of a name or of an id. */
export const adminSearchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required.' })
    .trim()
    .min(1, { error: 'q must not be empty.' })
    .max(ADMIN_SEARCH_MAX_LENGTH, { error: `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.` }),
});
