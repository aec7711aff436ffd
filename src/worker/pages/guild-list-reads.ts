/**
 * What the dashboard's pages need at first paint, in the fewest round trips: the KV read of the user's guild
 * list (and the server's roles and channels) starts before the session is confirmed; once the guild list is
 * known, the reads that depend on it (the bot's presence in those guilds, role grants, the whitelist, the
 * page's settings) share one D1 batch, which is the session row's own when the list was fresh in KV. Nothing
 * here grows with the number of guilds the bot is in.
 */
import { mapRead, runRead, type BatchRead } from '../db/batch';
import { freshUserGuildsAhead, readGuildListsAhead, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import type { ReadAhead } from '../discord/cache';
import type { Aged } from '../discord/data-age';
import type { ActiveSession } from '../hono-env';
import { userGuildList } from '../services/servers';

/** A page's D1 reads once the user's guild list is known, with that list. */
export interface ReadsAfterGuilds<T> {
  userGuilds: Aged<PartialGuild[]>;
  results: T;
}

/**
 * Starts the KV read of the user's guild list; if it is fresh (no Discord call needed), the page's D1 reads that
 * follow from it, so that they can share the session row's round trip (the session is not confirmed yet).
 */
export async function readsAhead<T>(readAhead: ReadAhead, userId: string, reads: (userGuilds: Aged<PartialGuild[]>) => BatchRead<T>) {
  readGuildListsAhead(readAhead, userId);
  const guilds = await freshUserGuildsAhead(readAhead, userId);
  if (guilds === null) return undefined;
  const userGuilds = { value: guilds, asOf: null };
  return mapRead(reads(userGuilds), (results): ReadsAfterGuilds<T> => ({ userGuilds, results }));
}

/** The reads made ahead, else the guild list (KV or Discord) and then the reads, in a batch of their own. */
export async function readsAfterGuilds<T>(
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
