/**
 * The bot's API (Bearer BOT_API_TOKEN): the shapes as zod schemas, so the Worker, the OpenAPI document and
 * the example client (examples/bot-client.ts) all come from one description.
 */
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from './discord-ids';
import { SECTION_NAMES } from './settings-registry';
import { settingKeys, valueSchema } from './settings';

/** How long the feed keeps changes; `after` omitted starts from the oldest kept one. */
export const BOT_CHANGES_RETENTION_DAYS = 30;
export const BOT_CHANGES_MAX_LIMIT = 500;
const BOT_CHANGES_DEFAULT_LIMIT = 100;

export const botGuildParamSchema = z.object({ id: z.string().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits).') });

const cursorSchema = z.coerce
  .number({ error: 'must be a cursor (a whole number from a previous answer)' })
  .int('must be a cursor (a whole number from a previous answer)')
  .nonnegative('must be a cursor (a whole number from a previous answer)');

export const botChangesQuerySchema = z.object({
  after: cursorSchema.optional(),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${BOT_CHANGES_MAX_LIMIT}` })
    .int(`must be a whole number from 1 to ${BOT_CHANGES_MAX_LIMIT}`)
    .min(1, `must be a whole number from 1 to ${BOT_CHANGES_MAX_LIMIT}`)
    .max(BOT_CHANGES_MAX_LIMIT, `must be a whole number from 1 to ${BOT_CHANGES_MAX_LIMIT}`)
    .default(BOT_CHANGES_DEFAULT_LIMIT),
});

const licenceSchema = z.object({ active: z.boolean(), expiresAt: z.number().int().nullable() });

export const settingsValuesSchema = z.object(
  Object.fromEntries(
    SECTION_NAMES.map((section) => [section, z.object(Object.fromEntries(settingKeys(section).map((key) => [key, valueSchema(section, key)])))]),
  ),
);

export const botGuildResponseSchema = z.object({ guildId: z.string(), settings: settingsValuesSchema, licence: licenceSchema });

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
