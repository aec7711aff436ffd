/**
 * Licences (the whitelist): what an owner sees and may change; the admin's side is admin-licences.ts.
 * The rules that must hold under concurrency live in the SQL of db/whitelist.ts; this layer decides who
 * may ask and shapes the answers.
 */
import type { OwnerWhitelistEntry, WhitelistStateResponse } from '../../shared/licences';
import { DEFAULT_EXPIRY_DAYS, SUPPORT_URL, WHITELIST_LIMIT_PER_USER } from '../../shared/constants';
import { DUPLICATE_SERVER_MESSAGE } from '../../shared/messages';
import type { LicenceState } from '../../shared/settings/index';
import { expiryInDays } from '../../shared/whitelist';
import type { addWhitelistedServerSchema } from '../../shared/whitelist-requests';
import type { z } from 'zod';
import {
  DuplicateServerError,
  findEntryByServer,
  findLicence,
  insertUserEntryWithinLimit,
  ownerLicenceRead,
  moveUserEntry,
  type Licence,
  type WhitelistRow,
} from '../db/whitelist';
import { runRead, type BatchRead } from '../db/batch';
import { type DiscordCallOptions, type PartialGuild } from '../discord/api';
import { canManageGuild } from '../discord/permissions';
import { stalenessFields, type Aged } from '../discord/data-age';
import { ApiError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { announceLicenceChange, type LiveOrigin } from './live';
import { userGuildList } from './servers';

export const duplicateServer = () => new ApiError(409, 'DUPLICATE', DUPLICATE_SERVER_MESSAGE);

/** Rethrows the UNIQUE violation as the 409 the page shows. */
export async function orDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DuplicateServerError) throw duplicateServer();
    throw error;
  }
}

/** A server's licence as the settings page and the bot see it: expired licences are kept but not active. */
export async function licenceState(db: D1Database, serverId: string, now = Date.now()): Promise<LicenceState> {
  return toLicenceState(await findLicence(db, serverId), now);
}

export const toLicenceState = (licence: Licence | null, now = Date.now()): LicenceState => ({
  expiresAt: licence?.expiresAt ?? null,
  active: licence !== null && licence.expiresAt > now,
});

// ── The owner's whitelist ─────────────────────────────────────────────────────

const toOwnerEntry = (row: WhitelistRow, names: Map<string, string>, now: number): OwnerWhitelistEntry => ({
  serverID: row.serverId,
  serverName: names.get(row.serverId) ?? row.serverName ?? null,
  expiresAt: row.expiresAt,
  active: row.expiresAt > now,
  adminMade: row.adminMade === 1,
});

/**
 * The user's whitelist as the modal shows it, as a read that can share a D1 batch; names and licences come from
 * the guilds of their guild list that they manage.
 */
export function ownerWhitelistRead(env: Env, userId: string, userGuilds: Aged<readonly PartialGuild[]>): BatchRead<WhitelistStateResponse> {
  const guilds = userGuilds.value.filter(canManageGuild);
  const rows = ownerLicenceRead(
    env.DB,
    userId,
    guilds.map((g) => g.id),
  );
  return {
    statements: rows.statements,
    read: (results) => {
      const now = Date.now();
      const names = new Map(guilds.map((g) => [g.id, g.name]));
      const { entries, licences: found } = rows.read(results);
      const licences = found.map((l) => ({ serverID: l.serverId, expiresAt: l.expiresAt, active: l.expiresAt > now }));
      return {
        servers: entries.map((r) => r.serverId),
        entries: entries.map((r) => toOwnerEntry(r, names, now)),
        limit: WHITELIST_LIMIT_PER_USER,
        used: entries.filter((r) => r.adminMade === 0).length,
        licensed: licences.filter((l) => l.active).map((l) => l.serverID),
        licences,
        supportUrl: env.SUPPORT_URL || SUPPORT_URL,
        // The server names and licensed list come from the guild list, which may be a last known copy.
        ...stalenessFields(userGuilds.asOf),
      };
    },
  };
}

/** The user's whitelist; names come from the user's guild list when Discord answers. */
export async function ownerWhitelist(
  env: Env,
  session: ActiveSession,
  known?: Aged<readonly PartialGuild[]>,
  options: DiscordCallOptions = {},
): Promise<WhitelistStateResponse> {
  const guilds = await (known ??
    // Names and the licensed list are a nicety: the entries themselves must show even when Discord does not answer.
    userGuildList(env, session, options).catch((): Aged<readonly PartialGuild[]> => ({ value: [], asOf: null })));
  return runRead(env.DB, ownerWhitelistRead(env, session.user.id, guilds));
}

/** Adds a server the user manages, or moves their licence onto it (`oldServerID`), within the per-user limit. */
export async function addOwnerLicence(
  env: Env,
  session: ActiveSession,
  { newServerID, oldServerID }: z.output<typeof addWhitelistedServerSchema>,
  origin: LiveOrigin,
): Promise<WhitelistStateResponse> {
  // Otherwise anyone could block someone else's server. Guilds without the bot are allowed: a licence
  // may be taken before the bot is invited.
  // Whether the bot is there does not matter, whether the user manages it now does: Discord's live word decides.
  const listed = await userGuildList(env, session, { authorises: true });
  const managed = listed.value.filter(canManageGuild);
  const guild = managed.find((g) => g.id === newServerID);
  if (!guild) {
    throw new ApiError(
      403,
      'NOT_MANAGED',
      'You can only whitelist a server you own or manage. If you just created it, refresh your server list and try again.',
    );
  }

  // A friendlier answer than LIMIT when the server is taken anyway; the UNIQUE constraint is what decides.
  if (await findEntryByServer(env.DB, newServerID)) throw duplicateServer();

  if (oldServerID) {
    if (oldServerID === newServerID) throw duplicateServer();
    const moved = await orDuplicate(() => moveUserEntry(env.DB, session.user.id, oldServerID, newServerID, guild.name));
    if (!moved) throw new ApiError(404, 'NOT_YOUR_ENTRY', 'oldServerID is not one of your whitelisted servers.');
  } else {
    const entry = {
      userId: session.user.id,
      userName: session.user.global_name ?? session.user.username,
      serverId: newServerID,
      serverName: guild.name,
      expiresAt: expiryInDays(DEFAULT_EXPIRY_DAYS),
    };
    const inserted = await orDuplicate(() => insertUserEntryWithinLimit(env.DB, entry, WHITELIST_LIMIT_PER_USER));
    if (!inserted) {
      const limit: number = WHITELIST_LIMIT_PER_USER;
      throw new ApiError(409, 'LIMIT', `You can whitelist ${limit} server${limit === 1 ? '' : 's'}. Choose a server to replace.`);
    }
  }
  announceLicenceChange(env, origin, oldServerID ? [oldServerID, newServerID] : [newServerID]);
  return ownerWhitelist(env, session, listed);
}

// ── The admin console ─────────────────────────────────────────────────────────
