import { isSnowflake } from '../../shared/discord-ids';

/** The bot's invite URL on Discord, with the permissions its features need (BOT_PERMISSIONS); `guild_id` preselects a server. */
export function botInviteUrl(env: Env, guildId?: string): string {
  const url = new URL('/oauth2/authorize', env.DISCORD_BASE_URL);
  url.searchParams.set('client_id', env.DISCORD_CLIENT_ID);
  url.searchParams.set('scope', 'bot applications.commands');
  url.searchParams.set('permissions', env.BOT_PERMISSIONS);
  if (guildId && isSnowflake(guildId)) {
    url.searchParams.set('guild_id', guildId);
    url.searchParams.set('disable_guild_select', 'true');
  }
  return url.toString();
}
