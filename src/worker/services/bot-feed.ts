/** What the bot reads: one guild's state, and the feed of changes across all guilds. */
import { BOT_CHANGES_RETENTION_DAYS, botChangeSchema, type BotChange, type BotChangesResponse } from '../../shared/bot-api';
import type { BotGuildResponse } from '../../shared/bot-api';
import { listBotChanges, pruneBotChanges, recordExpiries, type BotChangeRow } from '../db/bot-changes';
import { readGuildSettings } from '../db/settings';
import { licenceState } from './licences';

export async function botGuild(env: Env, guildId: string): Promise<BotGuildResponse> {
  const [settings, licence] = await Promise.all([readGuildSettings(env.DB, guildId), licenceState(env.DB, guildId)]);
  return { guildId, settings, licence };
}

const parsed = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

function toChange(row: BotChangeRow): BotChange {
  return {
    cursor: row.cursor,
    guildId: row.guild_id,
    kind: row.kind,
    section: row.section,
    key: row.key,
    value: parsed(row.value),
    licence: botChangeSchema.shape.licence.parse(parsed(row.licence)),
    at: row.at,
  };
}

/** Changes after `after` (all kept ones when absent), oldest first; `next` is where to continue. */
export async function botChanges(env: Env, { after = 0, limit }: { after?: number; limit: number }): Promise<BotChangesResponse> {
  await recordExpiries(env.DB, Date.now());
  const changes = (await listBotChanges(env.DB, after, limit)).map(toChange);
  return { changes, next: changes.at(-1)?.cursor ?? after };
}

export const pruneBotFeed = (env: Env) => pruneBotChanges(env.DB, BOT_CHANGES_RETENTION_DAYS);
