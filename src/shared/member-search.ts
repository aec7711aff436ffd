/** GET /api/server-members: the server's members found by name, for pickers (Anti-Nuke's trusted members). */
import { z } from 'zod';
import { serverIdQuerySchema } from './settings/update';

/** Discord's bounds of `query` in GET /guilds/{id}/members/search. */
export const MEMBER_SEARCH_QUERY_MAX = 100;
/** How many members one search answers: a picker's list, far below Discord's 1000. */
export const MEMBER_SEARCH_LIMIT = 25;

export const memberSearchQuerySchema = serverIdQuerySchema.extend({
  query: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(MEMBER_SEARCH_QUERY_MAX, `must be at most ${MEMBER_SEARCH_QUERY_MAX} characters`),
});
export type MemberSearchQuery = z.output<typeof memberSearchQuerySchema>;

/** A member as a picker shows them. */
export interface MemberMatch {
  id: string;
  /** The server nickname, else the display name, else the username. */
  name: string;
  username: string;
  /** The avatar's address, or null for Discord's default one. */
  avatarUrl: string | null;
  bot: boolean;
}

export interface MemberSearchResponse {
  members: MemberMatch[];
  /** When a last known copy answered because Discord could not (see data-age). */
  stale?: true;
  asOf?: number;
}

/** GET /api/server-members/stored: the members the server's settings list (Anti-Nuke's trusted members), by name. */
export const storedMembersQuerySchema = serverIdQuerySchema;

export interface StoredMembersResponse {
  /** Those in the server. */
  members: MemberMatch[];
  /** Ids of those not in the server (they left, or never joined). */
  absent: string[];
  /** Ids not read yet (Discord's limits allow a few reads at a time): ask again after `retryAfter` seconds. */
  pending: string[];
  retryAfter?: number;
  stale?: true;
  asOf?: number;
}
