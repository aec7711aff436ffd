/**
 * The bot's view of a guild that the settings need: its roles, channels, emoji and the bot's highest role, read
 * from Discord through the KV cache, plus the checks that a saved role, channel or emoji really exists there.
 */
import type { FieldKind } from '../../shared/settings/field-specs';
import { getGuildSnapshot, isBotNotInGuild, knownMissing, looksRefused, markLooksRefused, rememberMissing, type DiscordCallOptions } from '../discord/api';
import type { CallGate } from '../discord/cache';
import type { Aged } from '../discord/data-age';
import type { GuildSnapshot } from '../discord/guild-snapshot';
import { isRefusalDiscordCounts } from '../discord/rest';
import { ApiError, badRequest } from '../errors';
import { discordSaysBotIsAbsent } from './bot-presence';
import { referenceProblem, references, singleReferenceProblem } from './guild-references';
import { botNotInServer } from './servers';

export type GuildView = GuildSnapshot;

const EMPTY_VIEW: GuildView = { roles: [], channels: [], emojis: [], botHighestRolePosition: 0 };

export interface GuildViewOptions extends Omit<DiscordCallOptions, 'gate'> {
  /** The person the view is loaded for (the session's user): the bot's looks on their behalf go through their gate. */
  viewer?: string;
}

/** LOOKUP_LIMITER's key for the looks Discord refused on a user's behalf (a save's look-ups count under the bare id). */
const refusedLooksKey = (userId: string) => `refused:${userId}`;

const looksSpent = () =>
  new ApiError(
    429,
    'LOOKUPS_SPENT',
    'Discord refused several look-ups made for you in the last minute, so the dashboard stops asking it for you for a moment. Please try again in a minute.',
    { 'Retry-After': '60' },
  );

/**
 * A person's gate to the bot's looks at a guild. Each look Discord refuses (401, 403, 429: the answers its edge counts
 * towards banning the address every Worker shares) spends one of the person's LOOKUP_LIMITER; once they are spent,
 * the bot makes no look for them for a minute, whatever the guild, and a copy of what it saw before answers instead.
 * Discord's word that the bot is not in the guild spends nothing: it is remembered (loadGuildView), so that guild
 * cannot cost it twice; the limiter is for the refusals nothing else remembers.
 */
function viewerGate(env: Env, userId: string) {
  let asked = false;
  const gate: CallGate = {
    open: async () => {
      asked = true;
      return !(await looksRefused(env, userId));
    },
    closed: looksSpent,
  };
  /** After a failed load: Discord refused a look this request made. */
  const refused = async (error: unknown) => {
    if (!asked || !isRefusalDiscordCounts(error) || isBotNotInGuild(error)) return;
    if (!(await env.LOOKUP_LIMITER.limit({ key: refusedLooksKey(userId) })).success) await markLooksRefused(env, userId);
  };
  return { gate, refused };
}

/**
 * The guild's roles, channels and emoji, from the KV cache or (through the viewer's gate) from Discord. Discord's
 * answer that the bot is not in the guild is definite: the guild leaves the bot's list, so its pages answer
 * BOT_NOT_IN_SERVER without asking again until the bot reports it.
 */
export async function loadGuildView(env: Env, guildId: string, { viewer, ...options }: GuildViewOptions = {}): Promise<Aged<GuildView>> {
  // No bot token, no view (config.ts answers 503 before any route without one; this guards a caller of the service itself).
  if (!env.DISCORD_BOT_TOKEN) return { value: EMPTY_VIEW, asOf: null };
  const gate = viewer === undefined ? undefined : viewerGate(env, viewer);
  try {
    return await getGuildSnapshot(env, guildId, { ...options, gate: gate?.gate });
  } catch (error) {
    await gate?.refused(error);
    if (!isBotNotInGuild(error)) throw error;
    await discordSaysBotIsAbsent(env, guildId);
    throw botNotInServer();
  }
}

/**
 * A fresh look at the guild for values the cached view lacks (it may be up to a minute old, and the role may have
 * been made just now), through the one gate of every such look: an id Discord denied a moment ago costs nothing, and
 * each user may make Discord look at most LOOKUP_LIMITER's number of times a minute (each look is four bot calls).
 * Null when no look was made: nothing was worth one, or the user's looks of the minute are spent.
 */
export async function lookAgain(env: Env, userId: string, guildId: string, values: readonly string[]): Promise<Aged<GuildView> | null> {
  const missing = await knownMissing(env, guildId, values);
  if (values.every((value) => missing.has(value))) return null;
  if (!(await env.LOOKUP_LIMITER.limit({ key: userId })).success) return null;
  const view = await loadGuildView(env, guildId, { fresh: true, viewer: userId });
  // A copy answered instead (Discord down, or the user's gate closed): it is no newer than the cached view.
  return view.asOf === null ? view : null;
}

/** Remembers for a minute that a fresh look did not find these ids, so asking about them again costs no Discord call. */
export async function rememberAllMissing(env: Env, guildId: string, values: readonly string[]): Promise<void> {
  await Promise.all([...new Set(values)].map((value) => rememberMissing(env, guildId, value)));
}

/** Refuses a role, channel or emoji name that is not in the guild, looked at once more through `lookAgain`. */
export async function checkReference(
  env: Env,
  userId: string,
  guildId: string,
  kind: FieldKind,
  value: unknown,
  view: Aged<GuildView>,
): Promise<Aged<GuildView>> {
  const cachedProblem = referenceProblem(kind, value, view.value, guildId);
  if (cachedProblem === null) return view;
  const refuse = (problem: string) => badRequest(problem, 'INVALID_REFERENCE');
  const named = references(kind, value);
  const freshView =
    named.length === 0
      ? null
      : await lookAgain(
          env,
          userId,
          guildId,
          named.map((reference) => reference.value),
        );
  if (freshView === null) throw refuse(cachedProblem);
  const problem = referenceProblem(kind, value, freshView.value, guildId);
  if (problem !== null) {
    const refused = named.filter((reference) => singleReferenceProblem(reference, freshView.value, guildId) !== null);
    await rememberAllMissing(
      env,
      guildId,
      refused.map((reference) => reference.value),
    );
    throw refuse(problem);
  }
  return freshView;
}
