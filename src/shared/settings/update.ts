/** The settings calls' requests: a save, a revert and the audit's query, checked with the registry's schemas. */
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from '../discord-ids';
import { fieldPath, firstIssueMessage } from '../schema-issues';
import { valueSchema } from './field-values';
import { messageLinkProblem } from './inputs';
import { fieldKind, isSectionName, isSettingKey, SECTION_NAMES, settingKeys, type SectionName } from './registry';
import { type FieldKind } from './field-specs';
import { companionChanges } from './values';
import { wholeNumberQuery } from '../whole-number-query';

const serverId = z.string({ error: 'is required' }).trim().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits)');

/** `?serverID=` of the per-server GET calls. */
export const serverIdQuerySchema = z.object({ serverID: serverId });

/** A setting's new value in a request body: anything its schema is asked about next, but present. */
export const requiredValue = z.unknown().refine((value) => value !== undefined, 'is required');

const updateEnvelope = z.strictObject({
  serverID: serverId,
  section: z.string(),
  key: z.string(),
  value: requiredValue,
  // The value the editor last saw: when the stored one differs, the save is refused as a conflict.
  expected: z.unknown().optional(),
});

export interface SettingUpdate {
  serverID: string;
  section: SectionName;
  key: string;
  kind: FieldKind;
  value: unknown;
  /** Normalised like `value`; undefined when the editor did not send it (the last write wins). */
  expected?: unknown;
  /** Keys of the same module written with this one (see companionChanges), in the same transaction. */
  companions: { key: string; value: string | null }[];
}

export type ParsedSettingUpdate = { ok: true; update: SettingUpdate } | { ok: false; field: string; message: string };

const issueOf = (error: z.ZodError, prefix: string[] = []) => ({
  field: fieldPath([...prefix, ...(error.issues[0]?.path ?? [])]) || 'body',
  message: firstIssueMessage(error, prefix),
});

/**
 * Checks `{serverID, section, key, value}` against the schema: unknown fields, sections, keys and values
 * of the wrong type are refused with a sentence that names the field, and so is a link to another server's
 * message. The value comes back normalised.
 */
export function parseSettingUpdate(body: unknown): ParsedSettingUpdate {
  const envelope = updateEnvelope.safeParse(body);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      const extra = issue.keys.join(', ');
      return { ok: false, field: extra, message: `Unknown field ${extra}: send only serverID, section, key, value and expected.` };
    }
    return { ok: false, ...issueOf(envelope.error) };
  }
  const { serverID, section, key, value, expected } = envelope.data;
  if (!isSectionName(section)) {
    return { ok: false, field: 'section', message: `section: '${section}' is not one of ${SECTION_NAMES.join(', ')}.` };
  }
  if (!isSettingKey(section, key)) {
    return { ok: false, field: 'key', message: `key: '${key}' is not a setting of ${section}; expected one of ${settingKeys(section).join(', ')}.` };
  }
  const foreign = typeof value === 'string' ? messageLinkProblem(value, serverID) : null;
  if (foreign !== null && fieldKind(section, key) === 'messageId') return { ok: false, field: 'value', message: `value: ${foreign}` };
  const parsed = valueSchema(section, key).safeParse(value);
  if (!parsed.success) return { ok: false, ...issueOf(parsed.error, ['value']) };
  const update: SettingUpdate = {
    serverID,
    section,
    key,
    kind: fieldKind(section, key),
    value: parsed.data,
    companions: companionChanges(section, key, value),
  };
  if (expected === undefined) return { ok: true, update };
  const seen = valueSchema(section, key).safeParse(expected);
  if (!seen.success) return { ok: false, ...issueOf(seen.error, ['expected']) };
  return { ok: true, update: { ...update, expected: seen.data } };
}

const CHANGE_ID_PROBLEM = 'must be a change id (a positive integer)';
/** In a JSON body a change id is a number, never a string or `true` that `Number()` would turn into one. */
const changeIdSchema = z.number({ error: CHANGE_ID_PROBLEM }).int(CHANGE_ID_PROBLEM).positive(CHANGE_ID_PROBLEM);

/**
 * POST /api/server-settings/revert. `expected`: the value the person was shown as stored now ('Revert anyway');
 * without it the revert holds only while the stored value is still the change's new value.
 */
export const settingsRevertSchema = z.strictObject({ serverID: serverId, changeID: changeIdSchema, expected: z.unknown().optional() });
export type SettingsRevert = z.output<typeof settingsRevertSchema>;

/** GET /api/server-settings/audit: newest first, 20 a page; `before` is the `next` of the previous page. */
export const settingsAuditQuerySchema = z.object({
  serverID: serverId,
  before: wholeNumberQuery(CHANGE_ID_PROBLEM, { min: 1 }).optional(),
  section: z.enum(SECTION_NAMES, { error: `must be one of ${SECTION_NAMES.join(', ')}` }).optional(),
  userID: z.string().regex(SNOWFLAKE_PATTERN, 'must be a Discord user id (17–20 digits)').optional(),
});
export type SettingsAuditQuery = z.output<typeof settingsAuditQuerySchema>;

/** The same check as a schema, for the Worker's validator: the parsed update, or one issue naming the field. */
export const settingUpdateSchema = z.unknown().transform((body, ctx) => {
  const parsed = parseSettingUpdate(body);
  if (parsed.ok) return parsed.update;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});
