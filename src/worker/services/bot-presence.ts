/**
 * Where the bot is, told by the bot: it holds Discord's gateway (Ready, Guild Create/Delete), which a Worker
 * cannot, so no request ever crawls the bot's guild list. A presence call for one guild, or a full resync
 * in chunks after the bot reconnects.
 */
import type { BotPresence, BotSync, BotSyncResponse } from '../../shared/bot-api';
import { completeSync, deleteBotGuild, pruneStaleSyncs, upsertBotGuild, writeSyncChunk } from '../db/bot-guilds';
import { ApiError, notFound } from '../errors';

const syncCompleted = () => new ApiError(409, 'SYNC_COMPLETED', 'This sync is already complete: start the next one with a new syncId.');

/** A sync not completed within this is abandoned (its guilds stay; it removes nothing). */
export const BOT_SYNC_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export const reportPresence = (env: Env, guildId: string, presence: BotPresence) => upsertBotGuild(env.DB, guildId, presence);

/** 404 for a guild the dashboard did not know the bot was in, so the bot can tell a repeat from a removal. */
export async function reportDeparture(env: Env, guildId: string): Promise<void> {
  if (!(await deleteBotGuild(env.DB, guildId))) throw notFound('The bot was not recorded in this guild.', 'UNKNOWN_GUILD');
}

/** One chunk of a full resync; the last one (`done`) removes what the sync did not report. */
/** A chunk of a completed sync is refused before anything is written (a late chunk must not bring a guild back). */
export async function syncPresence(env: Env, { syncId, guilds, done }: BotSync): Promise<BotSyncResponse> {
  const now = Date.now();
  if ((await writeSyncChunk(env.DB, syncId, guilds, now)) === 'completed') throw syncCompleted();
  const removed = done ? await completeSync(env.DB, syncId, now) : 0;
  if (removed === null) throw syncCompleted();
  return { syncId, received: guilds.length, removed };
}

export const pruneAbandonedSyncs = (env: Env) => pruneStaleSyncs(env.DB, Date.now() - BOT_SYNC_ABANDONED_AFTER_MS);
