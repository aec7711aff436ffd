/** The members a server's settings list (Anti-Nuke's trusted members), by name, for the settings page. */
import type { StoredMembersResponse } from '../../shared/member-search';
import { storedMemberIds } from '../../shared/settings/index';
import { readGuildSettings } from '../db/settings';
import { isBotNotInGuild } from '../discord/api';
import { stalenessFields } from '../discord/data-age';
import { getGuildMembers } from '../discord/members';
import type { ActiveSession } from '../hono-env';
import { discordSaysBotIsAbsent } from './bot-presence';
import { botNotInServer, requireGuildAccess } from './servers';

/** When the page asks again for members not read yet: the member bucket has refilled by then. */
const PENDING_RETRY_SECONDS = 2;

/**
 * Only the ids the settings hold are read, never ids a request names, so the call looks up no one a reader of the
 * settings could not already see listed; anyone who may read the settings may ask.
 */
export async function storedMembers(env: Env, session: ActiveSession, serverId: string): Promise<StoredMembersResponse> {
  const { guild } = await requireGuildAccess(env, session, serverId, 'read');
  const ids = storedMemberIds(await readGuildSettings(env.DB, guild.id));
  try {
    const { found, absent, pending, asOf } = await getGuildMembers(env, guild.id, ids);
    return { members: found, absent, pending, ...(pending.length > 0 ? { retryAfter: PENDING_RETRY_SECONDS } : {}), ...stalenessFields(asOf) };
  } catch (error) {
    if (!isBotNotInGuild(error)) throw error;
    await discordSaysBotIsAbsent(env, guild.id);
    throw botNotInServer();
  }
}
