/**
 * `/server/{id}`'s first paint: the settings (403 unless the user may read them), the switcher's server list and
 * the whitelist for the licence banner. One guild list serves the permission check, the list and the names.
 */
import { serverRoute } from '../../client/pages/server/route';
import { apiKeys } from '../../shared/api-keys';
import { isAccessDenial, type AccessDeniedResponse } from '../../shared/server-access';
import { allReads, type BatchResult } from '../db/batch';
import { readGuildSnapshotAhead, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import type { Aged } from '../discord/data-age';
import { ApiError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { classifyGuilds, toServerLists } from '../services/servers';
import { serverSettings, storedStateRead } from '../services/settings';
import { readsAfterGuilds, readsAhead, type ReadsAfterGuilds } from './guild-list-reads';
import { PageForbidden, PageNotFound, pageLoader } from './page-loader';
import { serverListReads } from './servers';

const settingsReads = (env: Env, userId: string, serverId: string) => (userGuilds: Aged<PartialGuild[]>) =>
  allReads([serverListReads(env, userId)(userGuilds), storedStateRead(env.DB, serverId)]);
type SettingsAhead = ReadsAfterGuilds<BatchResult<ReturnType<ReturnType<typeof settingsReads>>>>;

async function settingsPage(env: Env, session: ActiveSession, serverId: string, options: DiscordCallOptions & { ahead?: SettingsAhead | undefined }) {
  const found = readsAfterGuilds(env, session, options, settingsReads(env, session.user.id, serverId), options.ahead);
  const userGuilds = found.then(({ userGuilds }) => userGuilds);
  const reads = found.then(({ results: [listReads] }) => listReads);
  const guilds = Promise.all([userGuilds, reads]).then(([list, [presence]]) => classifyGuilds(env, list, presence, options));
  // The list's levels also serve the permission check: one member lookup per granted server, not two.
  const lists = Promise.all([guilds, reads]).then(([list, [, details]]) => toServerLists(env, session, list, { ...options, details }));
  const stored = found.then(({ results: [, state] }) => state);
  const [settings, { allowed }, [, , whitelist]] = await Promise.all([
    serverSettings(env, session, serverId, { ...options, guilds, lists, stored }),
    lists,
    reads,
  ]);
  return { settings, allowed, whitelist };
}

// The address's own 404 rule (RouteRules.notFound) has run before this loader (src/worker/render/page.tsx).
export const serverLoader = pageLoader(serverRoute, {
  readAhead: (env, readAhead, userId, { serverId = '' }) => {
    const reads = readsAhead(readAhead, userId, settingsReads(env, userId, serverId));
    readGuildSnapshotAhead(readAhead, serverId);
    return reads;
  },
  load: async ({ env, session, params, signal, readAhead, ahead }) => {
    const serverId = params.serverId ?? '';
    if (!session) return undefined;
    try {
      return await settingsPage(env, session, serverId, { signal, readAhead, ahead });
    } catch (error) {
      // A server the user is in but may not open says why and how to get in; a server they are not in is no page for them.
      if (error instanceof ApiError && error.status === 403 && isAccessDenial(error.code)) {
        const denied: AccessDeniedResponse = { code: error.code, error: error.message };
        throw new PageForbidden({ [apiKeys.serverSettingsDenied(serverId)]: denied });
      }
      if (error instanceof ApiError && error.status === 403) throw new PageNotFound();
      throw error;
    }
  },
});
