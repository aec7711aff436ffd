import { getBotGuilds } from './discord/api';
import { writeStats } from './db/stats';

/** Cron: recount servers and members from the bot's guild list. Without a bot token the last figures stay. */
export async function refreshStats(env: Env): Promise<void> {
  if (!env.DISCORD_BOT_TOKEN) return;
  const guilds = await getBotGuilds(env, { fresh: true });
  const users = guilds.reduce((sum, g) => sum + (g.approximate_member_count ?? 0), 0);
  await writeStats(env.DB, guilds.length, users);
}
