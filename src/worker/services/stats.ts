/** The landing page's figures: stored by the cron from the bot's guild list, read by every visitor. */
import type { StatsResponse } from '../../shared/api-types';
import { COMMANDS } from '../../shared/commands';
import { readStats, writeStats } from '../db/stats';
import { getBotGuilds } from '../discord/api';

export async function stats(db: D1Database): Promise<StatsResponse> {
  const { servers, users } = await readStats(db);
  return { servers, users, commands: COMMANDS.length };
}

/** Cron: recount servers and members from the bot's guild list. Without a bot token the last figures stay. */
export async function refreshStats(env: Env): Promise<void> {
  if (!env.DISCORD_BOT_TOKEN) return;
  const guilds = await getBotGuilds(env, { fresh: true });
  const users = guilds.reduce((sum, g) => sum + (g.approximate_member_count ?? 0), 0);
  await writeStats(env.DB, guilds.length, users);
}
