/** `/servers`' first paint: the server list and the whitelist, from one guild list and one D1 batch. */
import { serversRoute } from '../../client/pages/servers/route';
import { allReads, type BatchResult } from '../db/batch';
import type { DiscordCallOptions, PartialGuild } from '../discord/api';
import type { Aged } from '../discord/data-age';
import type { ActiveSession } from '../hono-env';
import { ownerWhitelistRead } from '../services/licences';
import { classifyGuilds, listDetailsRead, presenceRead, toServerLists } from '../services/servers';
import { readsAfterGuilds, readsAhead, type ReadsAfterGuilds } from './guild-list-reads';
import { pageLoader } from './page-loader';

/** What both server pages read once the guild list is known: the bot's presence in those guilds, role grants and modules on, the whitelist. */
export const serverListReads = (env: Env, userId: string) => (userGuilds: Aged<PartialGuild[]>) =>
  allReads([
    presenceRead(
      env,
      userGuilds.value.map((g) => g.id),
    ),
    listDetailsRead(env, userGuilds.value),
    ownerWhitelistRead(env, userId, userGuilds),
  ]);
type ServerListAhead = ReadsAfterGuilds<BatchResult<ReturnType<ReturnType<typeof serverListReads>>>>;

async function serverListPage(env: Env, session: ActiveSession, options: DiscordCallOptions & { ahead?: ServerListAhead | undefined }) {
  const { userGuilds, results } = await readsAfterGuilds(env, session, options, serverListReads(env, session.user.id), options.ahead);
  const [presence, details, whitelist] = results;
  const guilds = await classifyGuilds(env, userGuilds, presence, options);
  const { allowed, invitable } = await toServerLists(env, session, guilds, { ...options, details });
  return { allowed, invitable, whitelist };
}

export const serversLoader = pageLoader(serversRoute, {
  readAhead: (env, readAhead, userId) => readsAhead(readAhead, userId, serverListReads(env, userId)),
  load: async ({ env, session, signal, readAhead, ahead }) => (session ? serverListPage(env, session, { signal, readAhead, ahead }) : undefined),
});
