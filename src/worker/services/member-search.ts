/** The server's members found by name, for the pickers of people (Anti-Nuke's trusted members). */
import type { MemberSearchQuery, MemberSearchResponse } from '../../shared/member-search';
import { isBotNotInGuild } from '../discord/api';
import { searchGuildMembers } from '../discord/members';
import { stalenessFields } from '../discord/data-age';
import { ApiError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { discordSaysBotIsAbsent } from './bot-presence';
import { botNotInServer, requireGuildAccess } from './servers';

const searchesSpent = () =>
  new ApiError(429, 'SEARCH_LIMIT', 'You searched for members often in the last minute. Please wait a moment and try again.', { 'Retry-After': '60' });

/**
 * Only someone who may change the settings searches (a reader has nothing to pick), and each person at most
 * MEMBER_SEARCH_LIMITER's number of times a minute, cached answers included: the bot's member searches share one
 * Discord bucket per server, which a person typing fast must not empty for everyone else.
 */
export async function searchMembers(env: Env, session: ActiveSession, { serverID, query }: MemberSearchQuery): Promise<MemberSearchResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'write');
  if (!(await env.MEMBER_SEARCH_LIMITER.limit({ key: session.user.id })).success) throw searchesSpent();
  try {
    const found = await searchGuildMembers(env, guild.id, query);
    return { members: found.value, ...stalenessFields(found.asOf) };
  } catch (error) {
    if (!isBotNotInGuild(error)) throw error;
    await discordSaysBotIsAbsent(env, guild.id);
    throw botNotInServer();
  }
}
