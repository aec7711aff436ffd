/**
 * GET /guilds/{guild.id}/members/search as Discord answers it: `query` is required, 1 to 100 characters; `limit` is an
 * integer from 1 to 1000, 1 when absent; members whose username or nickname starts with the query, case-insensitively.
 */
import type { Context } from 'hono';
import type { APIGuildMember } from 'discord-api-types/v10';
import { botGuild, guildMember, invalidFormBody } from './guild-answers.ts';
import type { FakeDiscordState } from './state.ts';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 1000;

function searchLimit(c: Context, value: string | undefined): number | Response {
  if (value === undefined) return 1;
  if (!/^-?\d{1,10}$/.test(value)) return invalidFormBody(c, 'limit', `Value "${value}" is not int.`, 'NUMBER_TYPE_COERCE');
  const limit = Number(value);
  if (limit < 1) return invalidFormBody(c, 'limit', 'int value should be greater than or equal to 1.', 'NUMBER_TYPE_MIN');
  if (limit > SEARCH_LIMIT_MAX) return invalidFormBody(c, 'limit', `int value should be less than or equal to ${SEARCH_LIMIT_MAX}.`, 'NUMBER_TYPE_MAX');
  return limit;
}

export function searchMembers(c: Context, state: FakeDiscordState): Response {
  const query = c.req.query('query');
  if (query === undefined) return invalidFormBody(c, 'query', 'This field is required', 'BASE_TYPE_REQUIRED');
  if (query.length < 1 || query.length > SEARCH_QUERY_MAX) {
    return invalidFormBody(c, 'query', `Must be between 1 and ${SEARCH_QUERY_MAX} in length.`, 'BASE_TYPE_BAD_LENGTH');
  }
  const limit = searchLimit(c, c.req.query('limit'));
  if (limit instanceof Response) return limit;
  const guild = botGuild(c, state);
  if (guild instanceof Response) return guild;
  const prefix = query.toLowerCase();
  const found: APIGuildMember[] = guild.members
    .map((member) => guildMember(state, guild, member.user_id))
    .filter((member): member is APIGuildMember => member !== null)
    .filter((member) => [member.user.username, member.nick ?? ''].some((name) => name.toLowerCase().startsWith(prefix)))
    .slice(0, limit);
  return c.json(found);
}
