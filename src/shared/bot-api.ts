/**
 * The bot's API (Bearer BOT_API_TOKEN): the shapes as zod schemas, so the Worker, the OpenAPI document and
 * the example client (examples/bot-client.ts) all come from one description.
 */
import { z } from 'zod';
import { API_BASE } from './api-base';
import { INVALID_INPUT } from './api-error';
import { SNOWFLAKE_PATTERN } from './discord-ids';
import { firstIssueMessage } from './schema-issues';
import { SECTION_NAMES } from './settings/registry';
import { settingKeys, valueSchema } from './settings/index';
import { requiredValue } from './settings/update';
import type { SettingsValues } from './settings/values';
import { hasVisibleCharacter, hiddenCharacterProblem, NO_VISIBLE_CHARACTER, trimSpaces } from './visible-text';
import { wholeNumberQuery } from './whole-number-query';

/** Where the bot API is mounted within the API (api-app.ts), and so its address and the OpenAPI document's server. */
export const BOT_API_MOUNT = '/bot';
export const BOT_API_BASE = `${API_BASE}${BOT_API_MOUNT}`;
/** The bot API takes its Bearer token and never the cookie, and needs its own secret configured. */
export const isBotApiPath = (path: string): boolean => path.startsWith(`${BOT_API_BASE}/`);

/** How long a sync's id is remembered: a chunk naming it is refused (completed or superseded) rather than starting a new sync. */
export const BOT_SYNC_IDS_KEPT_DAYS = 30;

/** How long the feed keeps changes; `after` omitted starts from the oldest kept one. */
export const BOT_CHANGES_RETENTION_DAYS = 30;
export const BOT_CHANGES_MAX_LIMIT = 500;
const BOT_CHANGES_DEFAULT_LIMIT = 100;

export const botGuildParamSchema = z.object({ id: z.string().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits).') });

const cursorSchema = wholeNumberQuery('must be a cursor (a whole number from a previous answer)', { min: 0 });

const limitMessage = `must be a whole number from 1 to ${BOT_CHANGES_MAX_LIMIT}`;

export const botChangesQuerySchema = z.object({
  after: cursorSchema.optional(),
  limit: wholeNumberQuery(limitMessage, { min: 1, max: BOT_CHANGES_MAX_LIMIT }).default(BOT_CHANGES_DEFAULT_LIMIT),
});

const licenceSchema = z.object({ active: z.boolean(), expiresAt: z.number().int().nullable() });

export const settingsValuesSchema = z.object(
  Object.fromEntries(
    SECTION_NAMES.map((section) => [section, z.object(Object.fromEntries(settingKeys(section).map((key) => [key, valueSchema(section, key)])))]),
  ),
);

export const botGuildResponseSchema = z.object({ guildId: z.string(), settings: settingsValuesSchema, licence: licenceSchema });
/**
 * GET /api/bot/guilds/{id}: the schema's answer, with the settings typed by the registry (SettingsValues) where the
 * schema, built from the registry at run time, can only say "an object of objects".
 */
export type BotGuildResponse = Omit<z.output<typeof botGuildResponseSchema>, 'settings'> & { settings: SettingsValues };

export const botChangeSchema = z.object({
  cursor: z.number().int(),
  guildId: z.string(),
  kind: z.enum(['settings', 'licence']),
  /** settings changes: the module, the key and the new value; null for licence changes */
  section: z.string().nullable(),
  key: z.string().nullable(),
  value: z.unknown(),
  /** licence changes: the server's licence now, or null when it has none any more */
  licence: licenceSchema.nullable(),
  at: z.number().int(),
});
export type BotChange = z.output<typeof botChangeSchema>;

export const botChangesResponseSchema = z.object({
  changes: z.array(botChangeSchema),
  /** pass as `after` to get what came next; the same cursor again when nothing did */
  next: z.number().int(),
});
export type BotChangesResponse = z.output<typeof botChangesResponseSchema>;

/**
 * A name the dashboard shows to people: trimmed of spaces, within `max`, with nothing invisible that would make it read
 * as another, and something that shows (a name of Hangul fillers or blank Braille alone would list as a blank).
 */
const shownName = (max: number) =>
  z
    .string()
    .overwrite(trimSpaces)
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .superRefine((text, ctx) => {
      const problem = hiddenCharacterProblem(text);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, abort: true });
    })
    .refine(hasVisibleCharacter, NO_VISIBLE_CHARACTER);

// ── Where the bot is: it holds the gateway and tells the dashboard ────────────

/** Discord's own bounds: a guild name is 2–100 characters; 1,000 guilds a sync chunk keeps a request small. */
export const GUILD_NAME_MAX_LENGTH = 100;
export const BOT_SYNC_CHUNK_MAX = 1000;
/** The body limit of every call but a sync chunk (api-app.ts). */
export const API_MAX_JSON_BODY_BYTES = 64 * 1024;
/** The body limit of a sync chunk: 1,000 guilds with 100-character names fit. */
export const BOT_SYNC_MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (bytes: number) => `The body is larger than ${String(bytes / 1024)} kB (PAYLOAD_TOO_LARGE)`;
/** What Discord's trouble answers when a call asks it about the guild's roles, channels or emoji (discord/rest.ts). */
const DISCORD_TROUBLE = {
  502: 'Discord is not answering properly, rejected the look-up or is rate limiting us (DISCORD_UNAVAILABLE, DISCORD_REJECTED, DISCORD_RATE_LIMITED): nothing was changed',
  504: 'Discord took too long to answer (DISCORD_TIMEOUT): nothing was changed',
} as const;

const ICON_HASH_PATTERN = /^(a_)?[0-9a-f]{32}$/;
const SYNC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const botPresenceSchema = z.object({
  name: shownName(GUILD_NAME_MAX_LENGTH),
  /** Discord's icon hash, null or absent when the guild has none */
  icon: z.string().regex(ICON_HASH_PATTERN, "must be Discord's icon hash (32 hex digits, a_ when animated)").nullable().optional(),
  memberCount: z
    .number({ error: 'must be a whole number of members' })
    .int('must be a whole number of members')
    .nonnegative('must be a whole number of members'),
});
export type BotPresence = z.output<typeof botPresenceSchema>;

export const botSyncGuildSchema = botPresenceSchema.extend({ id: botGuildParamSchema.shape.id });
export type BotSyncGuild = z.output<typeof botSyncGuildSchema>;

/** A sync entry refused on its own, as every refusal says why. */
export const botSyncRefusalSchema = z.object({ id: z.string(), error: z.string(), code: z.literal(INVALID_INPUT) });
export type BotSyncRefusal = z.output<typeof botSyncRefusalSchema>;
type SyncEntry = { guild: BotSyncGuild } | { refused: BotSyncRefusal };

/** A guild's name is its owner's choice: one odd name must not stop the sync of the bot's other guilds. */
const refusedSyncEntrySchema = z
  .object({ id: botGuildParamSchema.shape.id })
  .loose()
  .meta({
    description:
      "An entry with a sound guild id whose name, icon or member count is refused: only it is refused (listed in the answer's `refused`), and the chunk's other entries are stored",
  })
  .transform((entry): SyncEntry => {
    const { error } = botPresenceSchema.safeParse(entry);
    return { refused: { id: entry.id, error: firstIssueMessage(error ?? { issues: [] }), code: INVALID_INPUT } };
  });

const syncEntrySchema = z.union([botSyncGuildSchema.transform((guild): SyncEntry => ({ guild })), refusedSyncEntrySchema]);

/**
 * The chunk's frame (its syncId, done, at most 1,000 entries each with a guild id) refuses the whole chunk; an
 * entry's own fields refuse only that entry.
 */
export const botSyncSchema = z
  .object({
    /**
     * the same for every chunk of one sync; a new one for the next sync (letters, digits, _ and -, up to 64). Only the
     * newest sync takes chunks: once another has started, this one's are refused (409 SYNC_SUPERSEDED)
     */
    syncId: z.string().regex(SYNC_ID_PATTERN, 'must be 1–64 letters, digits, _ or -'),
    guilds: z.array(syncEntrySchema).max(BOT_SYNC_CHUNK_MAX, `must hold at most ${BOT_SYNC_CHUNK_MAX} guilds a chunk`),
    /** true on the last chunk: guilds this sync did not report are then removed */
    done: z.boolean(),
  })
  .transform(({ guilds, ...chunk }) => ({
    ...chunk,
    guilds: guilds.flatMap((entry) => ('guild' in entry ? [entry.guild] : [])),
    refused: guilds.flatMap((entry) => ('refused' in entry ? [entry.refused] : [])),
  }));
export type BotSync = z.output<typeof botSyncSchema>;

export const botSyncResponseSchema = z.object({
  syncId: z.string(),
  /** guilds written by this chunk: all of them, but a guild the bot left (DELETE presence) after this sync started, and those refused */
  received: z.number().int(),
  /** on the last chunk: guilds removed because the sync did not report them */
  removed: z.number().int(),
  /** entries refused on their own, in order: nothing written, but a stored guild keeps its row and counts as reported */
  refused: z.array(botSyncRefusalSchema),
});
export type BotSyncResponse = z.output<typeof botSyncResponseSchema>;

// ── A change the bot makes: a member asked for it with one of the bot's commands ──

/** Discord's bound on a display name (global_name and username both). */
export const DISCORD_NAME_MAX_LENGTH = 32;

/**
 * One setting, changed by the bot for a member who asked with a command (the bot has checked their permission in
 * Discord). Checked as a dashboard save is: the registry's schema, the guild's roles, channels and emoji, the
 * fields a module needs before it can be switched on, and `expected` against the stored value.
 */
export const botSettingWriteSchema = z.strictObject({
  section: z.string(),
  key: z.string(),
  value: requiredValue,
  /** the value the bot last knew (from the feed or the guild): when the stored one differs the write is refused (409 CONFLICT) */
  expected: z.unknown().optional(),
  /** the member whose command made the change, as the dashboard's history names them */
  actor: z.strictObject({
    id: z.string().regex(SNOWFLAKE_PATTERN, 'must be a Discord user id (17–20 digits).'),
    name: shownName(DISCORD_NAME_MAX_LENGTH),
  }),
});
export type BotSettingWrite = z.output<typeof botSettingWriteSchema>;

// ── The calls: what each takes and answers, for the Worker's routes and the OpenAPI document ──

/** The error envelope every refusal answers with. */
export const apiErrorSchema = z.object({ error: z.string(), code: z.string() });

export interface BotOperation {
  method: 'get' | 'put' | 'post' | 'delete';
  /** OpenAPI's form, below /api/bot: `{id}` for a path parameter. */
  path: `/${string}`;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer (no schema: no content), then the refusals this call can give besides the common ones (BOT_COMMON_REFUSALS). */
  answer: { status: 200 | 204; description: string; schema?: z.ZodType };
  refusals?: Readonly<Record<number, string>>;
}

/** Every call of the bot API. The route table (src/worker/routes/bot.ts) validates with these very schemas. */
export const BOT_OPERATIONS = {
  getGuild: {
    method: 'get',
    path: '/guilds/{id}',
    summary: "A guild's settings and licence",
    params: botGuildParamSchema,
    answer: { status: 200, description: 'The guild', schema: botGuildResponseSchema },
  },
  putPresence: {
    method: 'put',
    path: '/guilds/{id}/presence',
    summary: 'The bot joined the guild, or its name, icon or member count changed',
    params: botGuildParamSchema,
    body: botPresenceSchema,
    answer: { status: 204, description: 'Recorded' },
    refusals: { 413: tooLarge(API_MAX_JSON_BODY_BYTES) },
  },
  deletePresence: {
    method: 'delete',
    path: '/guilds/{id}/presence',
    summary: 'The bot left the guild',
    params: botGuildParamSchema,
    answer: { status: 204, description: 'Recorded' },
    refusals: {
      404: 'The bot was not recorded in this guild (UNKNOWN_GUILD); the leave is kept all the same, so a sync under way does not bring the guild back',
    },
  },
  syncGuilds: {
    method: 'post',
    path: '/guilds/sync',
    summary:
      'One chunk of a full resync; the chunk with done: true removes every guild the sync did not report. A guild the bot left (DELETE presence) after the sync started is not brought back by its chunks',
    body: botSyncSchema,
    answer: { status: 200, description: 'The chunk was recorded', schema: botSyncResponseSchema },
    refusals: {
      400: "The chunk's frame does not fit the schema (INVALID_INPUT): its syncId or done, more than 1,000 entries, or an entry that is not an object with a canonical guild id. An entry whose name, icon or member count is refused does not refuse the chunk: it is listed in the answer's `refused`",
      409: 'This sync already received its last chunk (SYNC_COMPLETED), or a newer sync has started since it did (SYNC_SUPERSEDED): a late chunk is refused and nothing is written',
      413: tooLarge(BOT_SYNC_MAX_BODY_BYTES),
    },
  },
  putSetting: {
    method: 'put',
    path: '/guilds/{id}/settings',
    summary: "One setting changed by a member's command in Discord; the dashboard's open pages and history show it",
    params: botGuildParamSchema,
    body: botSettingWriteSchema,
    answer: { status: 200, description: "The guild's settings and licence after the change", schema: botGuildResponseSchema },
    refusals: {
      400: 'Not a setting or not a value of it (INVALID_INPUT), a role, channel or emoji the guild lacks (INVALID_REFERENCE), or a module switched on before what it needs is set (REQUIRED_FIELDS_UNSET)',
      404: 'The bot is not recorded in this guild, or Discord says it is not there (UNKNOWN_GUILD): report its presence first',
      409: 'The stored value is not `expected` (CONFLICT): someone changed it first',
      413: tooLarge(API_MAX_JSON_BODY_BYTES),
      ...DISCORD_TROUBLE,
    },
  },
  getChanges: {
    method: 'get',
    path: '/changes',
    summary: 'Every settings and licence change after a cursor, oldest first',
    query: botChangesQuerySchema,
    answer: { status: 200, description: 'A page of changes', schema: botChangesResponseSchema },
  },
} as const satisfies Record<string, BotOperation>;

/** The one call with a larger body limit than the API's. */
export const BOT_SYNC_PATH = `${BOT_API_BASE}${BOT_OPERATIONS.syncGuilds.path}`;

/** Refusals every call can give. */
export const BOT_COMMON_REFUSALS: Readonly<Record<number, string>> = {
  400: 'The input does not fit the schema (INVALID_INPUT)',
  401: 'No Bearer token, or not the bot API token (UNAUTHORIZED)',
  500: 'Something failed on our side (INTERNAL)',
  503: 'The bot API token is not configured (BOT_API_DISABLED), or storage failed for a moment (STORAGE_UNAVAILABLE): nothing was changed, try again',
};
