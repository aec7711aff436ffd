import { createDemoData } from '../../../dev/fake-discord/data.ts';
import type { BotSyncGuild } from '../../../src/shared/bot-api';
import { writeSyncChunk } from '../../../src/worker/db/bot-guilds';

/** The demo guilds the fake Discord's bot is in, as the bot reports them. */
export const demoBotGuilds = (): BotSyncGuild[] =>
  createDemoData()
    .guilds.filter((guild) => guild.bot_present)
    .map((guild) => ({ id: guild.id, name: guild.name, icon: guild.icon, memberCount: guild.approximate_member_count }));

/** What the bot does after it connects: a full sync of its guilds, here through the same D1 code the bot API uses. */
export async function reportDemoPresence(db: D1Database): Promise<void> {
  const syncId = `test-${crypto.randomUUID()}`;
  await writeSyncChunk(db, { syncId, guilds: demoBotGuilds(), refused: [], done: true }, Date.now());
}

/** As before the bot has ever reported: no guilds, no completed sync, counters at zero. */
export async function forgetBotPresence(db: D1Database): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM bot_guilds'),
    db.prepare('DELETE FROM bot_guild_syncs'),
    db.prepare('DELETE FROM bot_guild_absences'),
    db.prepare('UPDATE stats SET synced_at = NULL, servers = 0, users = 0 WHERE id = 1'),
  ]);
}
