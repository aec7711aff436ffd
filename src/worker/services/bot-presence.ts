/**
 * Where the bot is, told by the bot: it holds Discord's gateway (Ready, Guild Create/Delete), which a Worker
 * cannot, so no request ever crawls the bot's guild list. A presence call for one guild, or a full resync
 * in chunks after the bot reconnects; and Discord's own word, when a call about a guild the table lists says the
 * bot is not there.
 */
import { BOT_SYNC_IDS_KEPT_DAYS, type BotPresence, type BotSync, type BotSyncResponse } from '../../shared/bot-api';
import { DAY_MS } from '../../shared/constants';
import { pruneStaleSyncs, recordBotAbsence, upsertBotGuild, writeSyncChunk } from '../db/bot-guilds';
import { ApiError, notFound } from '../errors';
import { announceBotLeft, announceDeparturesAfterSync } from './live';

const syncCompleted = () => new ApiError(409, 'SYNC_COMPLETED', 'This sync is already complete: start the next one with a new syncId.');
const syncSuperseded = () => new ApiError(409, 'SYNC_SUPERSEDED', 'A newer sync has started since this one: its chunks are refused. Nothing was written.');

export const reportPresence = (env: Env, guildId: string, presence: BotPresence) => upsertBotGuild(env.DB, guildId, presence);

/**
 * 404 for a guild the dashboard did not know the bot was in, so the bot can tell a repeat from a removal. The leave
 * is kept either way: a chunk of a sync under way that still lists the guild must not bring it back.
 */
export async function reportDeparture(env: Env, guildId: string): Promise<void> {
  if (!(await recordBotAbsence(env.DB, guildId))) throw notFound('The bot was not recorded in this guild.', 'UNKNOWN_GUILD');
  await announceBotLeft(env, guildId);
}

/**
 * Discord answered a call about this guild as the bot with "not there" (403 50001, 404 10004), which is definite:
 * the guild leaves the bot's list until the bot reports it again (a presence PUT or a sync), so its pages stop
 * asking Discord, and its open pages hear that the bot left.
 */
export async function discordSaysBotIsAbsent(env: Env, guildId: string): Promise<void> {
  if (!(await recordBotAbsence(env.DB, guildId))) return;
  console.warn(`Discord says the bot is not in guild ${guildId}: it is off the bot's list until the bot reports it again`);
  // Open pages of the guild turn read-only now, as when the bot reports its leave itself.
  await announceBotLeft(env, guildId);
}

/**
 * One chunk of a full resync; the last one (`done`) removes what the sync did not report. A chunk of a completed
 * sync, or of one older than the newest started, is refused before anything is written: a late chunk must not
 * bring a guild back. The entries refused on their own (botSyncSchema) are named in the answer.
 */
export async function syncPresence(env: Env, sync: BotSync): Promise<BotSyncResponse> {
  const outcome = await writeSyncChunk(env.DB, sync, Date.now());
  if (outcome.kind === 'completed') throw syncCompleted();
  if (outcome.kind === 'superseded') throw syncSuperseded();
  if (outcome.removed > 0) await announceDeparturesAfterSync(env);
  return { syncId: sync.syncId, received: outcome.written, removed: outcome.removed, refused: sync.refused };
}

/** A sync's id is kept this long, so that a chunk of it arriving late is refused rather than taken for a new sync. */
export const pruneOldSyncs = (env: Env) => pruneStaleSyncs(env.DB, Date.now() - BOT_SYNC_IDS_KEPT_DAYS * DAY_MS);
