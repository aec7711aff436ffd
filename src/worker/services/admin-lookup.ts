/** What the admin console's pickers offer: the bot's servers and the users the dashboard knows, by name or id. */
import type { AdminServerSearchResponse, AdminUserSearchResponse } from '../../shared/licences';
import { ADMIN_SEARCH_LIMIT } from '../../shared/whitelist';
import { searchBotGuilds } from '../db/bot-guilds';
import { searchKnownUsers } from '../db/known-users';

export async function searchServers(db: D1Database, text: string): Promise<AdminServerSearchResponse> {
  const rows = await searchBotGuilds(db, text, ADMIN_SEARCH_LIMIT);
  return { servers: rows.map(({ id, name, icon, memberCount }) => ({ id, name, icon, memberCount })) };
}

export async function searchUsers(db: D1Database, text: string): Promise<AdminUserSearchResponse> {
  const rows = await searchKnownUsers(db, text, ADMIN_SEARCH_LIMIT);
  return { users: rows.map(({ id, username, displayName, avatar }) => ({ id, name: displayName, username, avatar })) };
}
