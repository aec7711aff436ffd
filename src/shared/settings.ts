/**
 * Per-server bot settings (SPEC sections 3 and 4): the one description of every section, key and value
 * type, the defaults of a never-saved guild, and the toggle rules. The Worker validates with it and the
 * page builds its controls and optimistic updates from it, so both always agree.
 */
import { z } from 'zod';
import { COMMAND_NAMES, COMMANDS } from './commands';
import type { Command } from './commands-types';
import { SNOWFLAKE_PATTERN } from './discord-ids';
import { invisibleCharacter, invisibleCharacterProblem } from './invisible-characters';
import { fieldPath, firstIssueMessage } from './schema-issues';
import type { AccessLevel } from './server-access';
import { fieldSpec, moduleSpec, SECTION_NAMES, SETTINGS_REGISTRY, type FieldKind, type SectionFields, type SectionName } from './settings-registry';
/** Discord channel types the page needs (GUILD_TEXT and GUILD_CATEGORY); plain numbers, no runtime enums. */
export const TEXT_CHANNEL_TYPE = 0;
export const CATEGORY_CHANNEL_TYPE = 4;
export const MAX_ANTINUKE_WHITELIST = 100;
export const MAX_EMOJI_NAME_LENGTH = 64;
/** How many audit rows the 'Recent changes' panel shows. */
export const SETTINGS_AUDIT_LIMIT = 20;

const blankToNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Free text people type and others see: no invisible characters, and a byte order mark is not trimmed away unseen. */
const freeText = (max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.replace(/^[^\S\uFEFF]+|[^\S\uFEFF]+$/g, '');
      return trimmed === '' ? null : trimmed;
    },
    z
      .string()
      .superRefine((text, ctx) => {
        const problem = invisibleCharacterProblem(text);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, abort: true });
      })
      .max(max, `must be at most ${max} characters`)
      .regex(/^\S+$/u, 'must not contain spaces')
      .nullable(),
  );

const snowflake = z.string().trim().regex(SNOWFLAKE_PATTERN, 'must be a Discord id (17–20 digits)');
/** An id or nothing: '' and null both mean "not set". */
const optionalId = z.preprocess(blankToNull, snowflake.nullable());

const uniqueList = (list: string[]) => [...new Set(list)];

const KIND_SCHEMAS = {
  toggle: z.boolean(),
  userIds: z.array(snowflake).max(MAX_ANTINUKE_WHITELIST, `holds at most ${MAX_ANTINUKE_WHITELIST} user ids`).overwrite(uniqueList),
  assignableRole: optionalId,
  role: optionalId,
  textChannel: optionalId,
  messageId: optionalId,
  emoji: freeText(MAX_EMOJI_NAME_LENGTH),
  commands: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((name) => COMMAND_NAMES.has(name), { error: (issue) => `'${String(issue.input)}' is not a command of the bot` }),
    )
    .max(COMMANDS.length * 2, 'has too many entries')
    // SPEC 5: adding a command that is already disabled is ignored, so duplicates collapse.
    .overwrite(uniqueList),
} satisfies Record<FieldKind, z.ZodType>;

type KindValue<K extends FieldKind> = z.output<(typeof KIND_SCHEMAS)[K]>;

export type SettingsValues = {
  [S in SectionName]: { [K in keyof SectionFields[S]]: SectionFields[S][K] extends FieldKind ? KindValue<SectionFields[S][K]> : never };
};

const KIND_DEFAULTS: { [K in FieldKind]: () => KindValue<K> } = {
  toggle: () => false,
  userIds: () => [],
  assignableRole: () => null,
  role: () => null,
  textChannel: () => null,
  messageId: () => null,
  emoji: () => null,
  commands: () => [],
};

export function isSectionName(value: string): value is SectionName {
  return Object.hasOwn(SETTINGS_REGISTRY, value);
}

export function isSettingKey(section: SectionName, key: string): boolean {
  return fieldSpec(section, key) !== undefined;
}

/** The kind of a key of the registry; callers check isSettingKey first for keys from outside. */
export function fieldKind(section: SectionName, key: string): FieldKind {
  const spec = fieldSpec(section, key);
  if (!spec) throw new Error(`${section}.${key} is not a setting`);
  return spec.kind;
}

export function settingKeys(section: SectionName): string[] {
  return Object.keys(moduleSpec(section).fields);
}

export function valueSchema(section: SectionName, key: string): z.ZodType {
  return KIND_SCHEMAS[fieldKind(section, key)];
}

/** What the page tells an owner whose input does not fit a kind (the Worker's schema is the same one). */
const INPUT_PROBLEMS: Partial<Record<FieldKind, string>> = {
  userIds: 'Enter Discord user IDs: 17–20 digits, separated by commas.',
  messageId: 'Enter a message ID (17–20 digits) or paste the message link.',
  emoji: 'Enter one emoji or an emoji name, without spaces (at most 64 characters).',
};

/** Why a typed value would be refused, in an owner's words, or null when it would be saved. */
export function inputProblem(section: SectionName, key: string, value: unknown): string | null {
  const parsed = valueSchema(section, key).safeParse(value);
  if (parsed.success) return null;
  const invisible = typeof value === 'string' ? invisibleCharacter(value) : null;
  if (invisible) return `Remove the invisible character ${invisible.codePoint} (${invisible.name}): it would not show in Discord.`;
  if (fieldKind(section, key) === 'userIds' && parsed.error.issues.some((issue) => issue.code === 'too_big')) {
    return `Enter at most ${MAX_ANTINUKE_WHITELIST} user IDs.`;
  }
  return INPUT_PROBLEMS[fieldKind(section, key)] ?? 'This value cannot be saved.';
}

export function defaultValue(section: SectionName, key: string): unknown {
  return KIND_DEFAULTS[fieldKind(section, key)]();
}

/** The settings of a guild that has never saved anything. */
export function defaultSettings(): SettingsValues {
  const settings: Record<string, Record<string, unknown>> = {};
  for (const section of SECTION_NAMES) {
    settings[section] = Object.fromEntries(settingKeys(section).map((key) => [key, defaultValue(section, key)]));
  }
  return settings as SettingsValues;
}

// ── Toggle rules (SPEC section 4) ─────────────────────────────────────────────

/** The fields a section's toggle needs before it can be switched on. */
export function requiredFields(section: SectionName): readonly string[] {
  return moduleSpec(section).requires ?? [];
}

export function isValueSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The required fields of `section` that are not set in `values` (empty when the toggle may be enabled). */
export function missingRequiredFields<S extends SectionName>(section: S, values: SettingsValues[S]): string[] {
  const record = values as Record<string, unknown>;
  return requiredFields(section).filter((key) => !isValueSet(record[key]));
}

export type ModuleStatus = 'on' | 'off' | 'needs-setup' | 'set' | 'not-set';

/**
 * A module's state at a glance, for the module navigation: a switch is on, off, or off with required
 * fields missing; a module without a switch (Jail, Disabled Commands) is set or not.
 */
export function moduleStatus<S extends SectionName>(section: S, values: SettingsValues[S]): { status: ModuleStatus; label: string } {
  const record = values as Record<string, unknown>;
  if (typeof record.enabled === 'boolean') {
    if (record.enabled) return { status: 'on', label: 'On' };
    return missingRequiredFields(section, values).length > 0 ? { status: 'needs-setup', label: 'Needs setup' } : { status: 'off', label: 'Off' };
  }
  const lists = Object.values(record).filter(Array.isArray);
  if (lists.length > 0) {
    const count = lists.reduce((sum, list) => sum + list.length, 0);
    return count > 0 ? { status: 'set', label: `${count} disabled` } : { status: 'not-set', label: 'None' };
  }
  return Object.values(record).some(isValueSet) ? { status: 'set', label: 'Set' } : { status: 'not-set', label: 'Not set' };
}

/** Clearing a field the toggle needs switches the section off (the Worker does the same in one batch). */
export function clearsRequiredField(section: SectionName, key: string, value: unknown): boolean {
  return requiredFields(section).includes(key) && !isValueSet(value);
}

/** `settings` with one change applied exactly as the Worker applies it, for optimistic updates. */
export function applySettingChange<T extends SettingsValues>(settings: T, section: SectionName, key: string, value: unknown): T {
  const next: Record<string, unknown> = { ...(settings[section] as Record<string, unknown>), [key]: value };
  if (clearsRequiredField(section, key, value) && next.enabled === true) next.enabled = false;
  return { ...settings, [section]: next };
}

// ── The update request ────────────────────────────────────────────────────────

const serverId = z.string({ error: 'is required' }).trim().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits)');

/** `?serverID=` of the per-server GET calls. */
export const serverIdQuerySchema = z.object({ serverID: serverId });

const updateEnvelope = z.strictObject({
  serverID: serverId,
  section: z.string(),
  key: z.string(),
  value: z.unknown().refine((value) => value !== undefined, 'is required'),
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
}

export type ParsedSettingUpdate = { ok: true; update: SettingUpdate } | { ok: false; field: string; message: string };

const issueOf = (error: z.ZodError, prefix: string[] = []) => ({
  field: fieldPath([...prefix, ...(error.issues[0]?.path ?? [])]) || 'body',
  message: firstIssueMessage(error, prefix),
});

/**
 * Checks `{serverID, section, key, value}` against the schema: unknown fields, sections, keys and values
 * of the wrong type are refused with a sentence that names the field. The value comes back normalised.
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
  const parsed = valueSchema(section, key).safeParse(value);
  if (!parsed.success) return { ok: false, ...issueOf(parsed.error, ['value']) };
  const update: SettingUpdate = { serverID, section, key, kind: fieldKind(section, key), value: parsed.data };
  if (expected === undefined) return { ok: true, update };
  const seen = valueSchema(section, key).safeParse(expected);
  if (!seen.success) return { ok: false, ...issueOf(seen.error, ['expected']) };
  return { ok: true, update: { ...update, expected: seen.data } };
}

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `must be ${what} (a positive integer)` })
    .int(`must be ${what} (a positive integer)`)
    .positive(`must be ${what} (a positive integer)`);

/**
 * POST /api/server-settings/revert. `expected`: the value the person was shown as stored now ('Revert anyway');
 * without it the revert holds only while the stored value is still the change's new value.
 */
export const settingsRevertSchema = z.strictObject({ serverID: serverId, changeID: positiveId('a change id'), expected: z.unknown().optional() });
export type SettingsRevert = z.output<typeof settingsRevertSchema>;

/** GET /api/server-settings/audit: newest first, 20 a page; `before` is the `next` of the previous page. */
export const settingsAuditQuerySchema = z.object({
  serverID: serverId,
  before: positiveId('a change id').optional(),
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

// ── What the API answers ──────────────────────────────────────────────────────

export interface SettingsRole {
  id: string;
  name: string;
  /** Discord's integer colour; 0 means "no colour". */
  color: number;
  position: number;
  managed: boolean;
}

export interface SettingsChannel {
  id: string;
  name: string;
  type: number;
  parent_id: string | null;
  position: number;
}

export interface LicenceState {
  /** Epoch milliseconds, or null when the server has no licence. */
  expiresAt: number | null;
  active: boolean;
}

/** GET /api/server-settings and POST /api/update-server-settings. */
export type ServerSettingsResponse = SettingsValues & {
  id: string;
  name: string;
  /** What the user may do here: 'read' sees everything and changes nothing. */
  access: AccessLevel;
  whitelist: LicenceState;
  roles: SettingsRole[];
  channels: SettingsChannel[];
  /** Roles at or above this position cannot be assigned by the bot. */
  botHighestRolePosition: number;
  /** Discord did not answer: the server's name, roles and channels are the last known ones, from `asOf`. */
  stale?: true;
  asOf?: number;
};

export interface SettingsAuditEntry {
  id: number;
  userId: string;
  userName: string;
  section: string;
  key: string;
  /** The previous value (the default when the key had never been saved). */
  oldValue: unknown;
  newValue: unknown;
  createdAt: number;
}

/** GET /api/server-settings/audit */
export interface SettingsAuditResponse {
  entries: SettingsAuditEntry[];
  /** `before` for the next (older) page; null on the last page. */
  next: number | null;
  /** Everyone who changed this server's settings, for the filter. */
  users: { userId: string; userName: string }[];
}

/**
 * 409 CONFLICT: what the call would overwrite changed since the person saw it. A save or a revert: `current`
 * is the stored value; an import: the new dry run (SettingsImportResponse).
 */
export interface SettingConflictBody {
  error: string;
  code: 'CONFLICT';
  current: unknown;
  changedBy: string | null;
  changedAt: number | null;
}

/** GET /api/bot/guilds/{id} */
export interface BotGuildResponse {
  guildId: string;
  settings: SettingsValues;
  licence: { active: boolean; expiresAt: number | null };
}

/** Whether the bot can hand out a role: below its own highest role, not @everyone, not an integration's. */
export function isAssignableRole(role: SettingsRole, botHighestRolePosition: number): boolean {
  return !role.managed && role.position > 0 && role.position < botHighestRolePosition;
}

/** Roles a person can pick at all: everything but @everyone (position 0 / id = guild id) and managed roles. */
export function isSelectableRole(role: SettingsRole, guildId: string): boolean {
  return !role.managed && role.id !== guildId;
}

// ── Disabled-commands search (SPEC section 2) ─────────────────────────────────

/**
 * SPEC section 2: case-insensitive substring match on commandName, without the already disabled ones;
 * blank → none. Ranked exact, then prefix, then the rest, so Enter on 'ban' disables `ban`, not `banner`.
 */
export function searchCommandsToDisable(query: string, disabled: readonly string[], catalogue: readonly Command[] = COMMANDS): Command[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const taken = new Set(disabled);
  const rank = (name: string) => (name === needle ? 0 : name.startsWith(needle) ? 1 : 2);
  return catalogue
    .filter((command) => !taken.has(command.commandName) && command.commandName.toLowerCase().includes(needle))
    .map((command) => ({ command, rank: rank(command.commandName.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || a.command.commandName.localeCompare(b.command.commandName))
    .map(({ command }) => command);
}

/**
 * A message ID as typed or pasted: the id itself, or a message link
 * (`https://discord.com/channels/{guild}/{channel}/{message}`, ptb/canary and discordapp.com too) → its id.
 */
export function messageIdFromInput(text: string): string {
  const trimmed = text.trim();
  const link = /^https?:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(?:\d{17,20}|@me)\/\d{17,20}\/(\d{17,20})\/?$/i.exec(trimmed);
  return link?.[1] ?? trimmed;
}

/** The anti-nuke whitelist as the page edits it (comma-separated text) → the list the API takes. */
export function parseIdList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export const formatIdList = (ids: readonly string[]) => ids.join(', ');
