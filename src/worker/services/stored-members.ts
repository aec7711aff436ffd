/** The members a server's settings list (Anti-Nuke's trusted members), and those its recent changes name, by name. */
import type { StoredMembersResponse } from '../../shared/member-search';
import { storedMemberIds } from '../../shared/settings/index';
import { moduleSpec, SECTION_NAMES } from '../../shared/settings/registry';
import { readGuildSettings } from '../db/settings';
import { idsInRecentChanges } from '../db/settings-audit-ids';
import { isBotNotInGuild } from '../discord/api';
import { stalenessFields } from '../discord/data-age';
import { getGuildMembers } from '../discord/members';
import type { ActiveSession } from '../hono-env';
import { discordSaysBotIsAbsent } from './bot-presence';
import { botNotInServer, requireGuildAccess } from './servers';

/** When the page asks again for members not read yet: the member bucket has refilled by then. */
const PENDING_RETRY_SECONDS = 2;

/**
 * The most ids one answer reads: KV's most keys in one read (the cached members come from one), and the length of the
 * longest list the settings hold, so the settings' own ids always fit.
 */
export const STORED_MEMBERS_MAX = 100;

/** The fields that list members (`section.key`). */
const MEMBER_FIELDS = SECTION_NAMES.flatMap((section) =>
  Object.entries(moduleSpec(section).fields).flatMap(([key, spec]) => (spec.kind === 'userIds' ? [`${section}.${key}`] : [])),
);

/**
 * The ids the settings hold first (the page's lists), then those the recent changes of these lists name (the
 * Recent changes list), most recent first, up to STORED_MEMBERS_MAX.
 */
async function idsToName(db: D1Database, guildId: string): Promise<string[]> {
  const [values, named] = await Promise.all([readGuildSettings(db, guildId), idsInRecentChanges(db, guildId, MEMBER_FIELDS, STORED_MEMBERS_MAX)]);
  return [...new Set([...storedMemberIds(values), ...named])].slice(0, STORED_MEMBERS_MAX);
}

/**
 * Only the ids the settings and their history hold are read, never ids a request names, so the call looks up no one
 * a reader of the settings could not already see listed; anyone who may read the settings may ask.
 */
export async function storedMembers(env: Env, session: ActiveSession, serverId: string): Promise<StoredMembersResponse> {
  const { guild } = await requireGuildAccess(env, session, serverId, 'read');
  const ids = await idsToName(env.DB, guild.id);
  try {
    const { found, absent, pending, asOf } = await getGuildMembers(env, guild.id, ids);
    return { members: found, absent, pending, ...(pending.length > 0 ? { retryAfter: PENDING_RETRY_SECONDS } : {}), ...stalenessFields(asOf) };
  } catch (error) {
    if (!isBotNotInGuild(error)) throw error;
    await discordSaysBotIsAbsent(env, guild.id);
    throw botNotInServer();
  }
}
