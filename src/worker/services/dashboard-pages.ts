/**
 * What the dashboard's pages need at first paint, in the fewest round trips: the KV read of the user's guild
 * list (and the server's roles and channels) starts beside the session's D1 lookup; once the guild list is
 * known, the reads that depend on it (the bot's presence in those guilds, role grants, the whitelist, the
 * page's settings) share one D1 batch. Nothing here grows with the number of guilds the bot is in.
 */
import type { AllowedServer, ServerSummary } from '../../shared/servers';
import type { WhitelistStateResponse } from '../../shared/licences';
import type { ServerSettingsResponse } from '../../shared/settings';
import { runReads } from '../db/batch';
import { readGuildListsAhead, readGuildSnapshotAhead, type DiscordCallOptions } from '../discord/api';
import type { ReadAhead } from '../discord/cache';
import type { ActiveSession } from '../hono-env';
import { ownerWhitelistRead } from './licences';
import { classifyGuilds, grantsRead, presenceRead, toServerLists, userGuildList } from './servers';
import { serverSettings, storedStateRead } from './settings';

export interface ServerListPage {
  allowed: AllowedServer[];
  invitable: ServerSummary[];
  whitelist: WhitelistStateResponse;
}

/** Starts the KV reads `serverListPage` will make for this user, before the session is confirmed. */
export const readServerListAhead = (readAhead: ReadAhead, userId: string) => readGuildListsAhead(readAhead, userId);

/** Starts the KV reads `settingsPage` will make for this user and server, before the session is confirmed. */
export function readSettingsPageAhead(readAhead: ReadAhead, userId: string, serverId: string): void {
  readGuildListsAhead(readAhead, userId);
  readGuildSnapshotAhead(readAhead, serverId);
}

/** The server list and the whitelist: one guild list, one D1 batch. */
export async function serverListPage(env: Env, session: ActiveSession, options: DiscordCallOptions): Promise<ServerListPage> {
  const userGuilds = await userGuildList(env, session, options);
  const [presence, grants, whitelist] = await runReads(env.DB, [
    presenceRead(
      env,
      userGuilds.value.map((g) => g.id),
    ),
    grantsRead(env, userGuilds.value),
    ownerWhitelistRead(env, session, userGuilds),
  ]);
  const guilds = await classifyGuilds(env, userGuilds, presence, options);
  const { allowed, invitable } = await toServerLists(env, session, guilds, { ...options, grants });
  return { allowed, invitable, whitelist };
}

export interface SettingsPage {
  settings: ServerSettingsResponse;
  allowed: AllowedServer[];
  whitelist: WhitelistStateResponse;
}

/**
 * The settings page: the settings (403 unless the user may read them), the switcher's server list and the
 * whitelist for the license banner. One guild list serves the permission check, the list and the names.
 */
export async function settingsPage(env: Env, session: ActiveSession, serverId: string, options: DiscordCallOptions): Promise<SettingsPage> {
  const userGuilds = userGuildList(env, session, options);
  const reads = userGuilds.then((found) =>
    runReads(env.DB, [
      presenceRead(
        env,
        found.value.map((g) => g.id),
      ),
      grantsRead(env, found.value),
      ownerWhitelistRead(env, session, found),
      storedStateRead(env.DB, serverId),
    ]),
  );
  const guilds = Promise.all([userGuilds, reads]).then(([found, [presence]]) => classifyGuilds(env, found, presence, options));
  // The list's levels also serve the permission check: one member lookup per granted server, not two.
  const lists = Promise.all([guilds, reads]).then(([found, [, grants]]) => toServerLists(env, session, found, { ...options, grants }));
  const stored = reads.then(([, , , state]) => state);
  const [settings, { allowed }, [, , whitelist]] = await Promise.all([
    serverSettings(env, session, serverId, { ...options, guilds, lists, stored }),
    lists,
    reads,
  ]);
  return { settings, allowed, whitelist };
}
