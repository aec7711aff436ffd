/**
 * What the dashboard's pages need at first paint, in the fewest round trips: the KV read of the user's guild
 * list (and the server's roles and channels) starts before the session is confirmed; once the guild list is
 * known, the reads that depend on it (the bot's presence in those guilds, role grants, the whitelist, the
 * page's settings) share one D1 batch, which is the session row's own when the list was fresh in KV. Nothing
 * here grows with the number of guilds the bot is in.
 */
import type { AllowedServer, ServerSummary } from '../../shared/servers';
import type { WhitelistStateResponse } from '../../shared/licences';
import type { ServerSettingsResponse } from '../../shared/settings/index';
import { allReads, mapRead, runRead, type BatchRead, type BatchResult } from '../db/batch';
import { freshUserGuildsAhead, readGuildListsAhead, readGuildSnapshotAhead, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import type { ReadAhead } from '../discord/cache';
import type { Aged } from '../discord/data-age';
import type { ActiveSession } from '../hono-env';
import { ownerWhitelistRead } from './licences';
import { classifyGuilds, listDetailsRead, presenceRead, toServerLists, userGuildList } from './servers';
import { serverSettings, storedStateRead } from './settings';

/** A page's D1 reads once the user's guild list is known, with that list. */
export interface ReadsAfterGuilds<T> {
  userGuilds: Aged<PartialGuild[]>;
  results: T;
}

/**
 * Starts the KV read of the user's guild list; if it is fresh (no Discord call needed), the page's D1 reads that
 * follow from it, so that they can share the session row's round trip (the session is not confirmed yet).
 */
async function readsAhead<T>(readAhead: ReadAhead, userId: string, reads: (userGuilds: Aged<PartialGuild[]>) => BatchRead<T>) {
  readGuildListsAhead(readAhead, userId);
  const guilds = await freshUserGuildsAhead(readAhead, userId);
  if (guilds === null) return undefined;
  const userGuilds = { value: guilds, asOf: null };
  return mapRead(reads(userGuilds), (results): ReadsAfterGuilds<T> => ({ userGuilds, results }));
}

/** The reads made ahead, else the guild list (KV or Discord) and then the reads, in a batch of their own. */
async function readsAfterGuilds<T>(
  env: Env,
  session: ActiveSession,
  options: DiscordCallOptions,
  reads: (userGuilds: Aged<PartialGuild[]>) => BatchRead<T>,
  ahead: ReadsAfterGuilds<T> | undefined,
): Promise<ReadsAfterGuilds<T>> {
  if (ahead) return ahead;
  const userGuilds = await userGuildList(env, session, options);
  return { userGuilds, results: await runRead(env.DB, reads(userGuilds)) };
}

export interface ServerListPage {
  allowed: AllowedServer[];
  invitable: ServerSummary[];
  whitelist: WhitelistStateResponse;
}

/** What both pages read once the guild list is known: the bot's presence in those guilds, role grants and modules on, the whitelist. */
const serverListReads = (env: Env, userId: string) => (userGuilds: Aged<PartialGuild[]>) =>
  allReads([
    presenceRead(
      env,
      userGuilds.value.map((g) => g.id),
    ),
    listDetailsRead(env, userGuilds.value),
    ownerWhitelistRead(env, userId, userGuilds),
  ]);
export type ServerListAhead = ReadsAfterGuilds<BatchResult<ReturnType<ReturnType<typeof serverListReads>>>>;

/** Starts the reads `serverListPage` will make for this user, before the session is confirmed (see readsAhead). */
export const serverListReadsAhead = (env: Env, readAhead: ReadAhead, userId: string) => readsAhead(readAhead, userId, serverListReads(env, userId));

/** The server list and the whitelist: one guild list, one D1 batch. */
export async function serverListPage(env: Env, session: ActiveSession, options: DiscordCallOptions & { ahead?: ServerListAhead }): Promise<ServerListPage> {
  const { userGuilds, results } = await readsAfterGuilds(env, session, options, serverListReads(env, session.user.id), options.ahead);
  const [presence, details, whitelist] = results;
  const guilds = await classifyGuilds(env, userGuilds, presence, options);
  const { allowed, invitable } = await toServerLists(env, session, guilds, { ...options, details });
  return { allowed, invitable, whitelist };
}

export interface SettingsPage {
  settings: ServerSettingsResponse;
  allowed: AllowedServer[];
  whitelist: WhitelistStateResponse;
}

const settingsReads = (env: Env, userId: string, serverId: string) => (userGuilds: Aged<PartialGuild[]>) =>
  allReads([serverListReads(env, userId)(userGuilds), storedStateRead(env.DB, serverId)]);
export type SettingsAhead = ReadsAfterGuilds<BatchResult<ReturnType<ReturnType<typeof settingsReads>>>>;

/** Starts the reads `settingsPage` will make for this user and server, before the session is confirmed. */
export function settingsReadsAhead(env: Env, readAhead: ReadAhead, userId: string, serverId: string) {
  const reads = readsAhead(readAhead, userId, settingsReads(env, userId, serverId));
  readGuildSnapshotAhead(readAhead, serverId);
  return reads;
}

/**
 * The settings page: the settings (403 unless the user may read them), the switcher's server list and the
 * whitelist for the license banner. One guild list serves the permission check, the list and the names.
 */
export async function settingsPage(
  env: Env,
  session: ActiveSession,
  serverId: string,
  options: DiscordCallOptions & { ahead?: SettingsAhead },
): Promise<SettingsPage> {
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
