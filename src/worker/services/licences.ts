/**
 * Licences (the whitelist): what an owner sees and may change, and what an admin manages for everyone.
 * The rules that must hold under concurrency live in the SQL of db/whitelist.ts; this layer decides who
 * may ask and shapes the answers.
 */
import type {
  AdminServerCheckResponse,
  AdminUpdateResponse,
  AdminWhitelistEntry,
  AllWhitelistedServersResponse,
  OwnerWhitelistEntry,
  WhitelistStateResponse,
} from '../../shared/licences';
import { DEFAULT_EXPIRY_DAYS, SUPPORT_URL, WHITELIST_LIMIT_PER_USER } from '../../shared/constants';
import { DUPLICATE_SERVER_MESSAGE } from '../../shared/messages';
import type { LicenceState } from '../../shared/settings/index';
import { expiryInDays, RESTORE_WINDOW_MINUTES, type adminAddSchema, type adminUpdateSchema, type addWhitelistedServerSchema } from '../../shared/whitelist';
import type { z } from 'zod';
import {
  deleteEntry,
  findEntryHoldingDeletedServer,
  restoreEntry,
  DuplicateServerError,
  findEntryById,
  findEntryByServer,
  findLicence,
  insertAdminEntry,
  insertUserEntryWithinLimit,
  listAllEntries,
  ownerLicenceRead,
  countUserMadeEntries,
  moveUserEntry,
  updateEntry,
  type Licence,
  type WhitelistRow,
  pruneDeletedEntries,
} from '../db/whitelist';
import { runRead, type BatchRead } from '../db/batch';
import { getBotPresence, getUser, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import { canManageGuild } from '../discord/permissions';
import { botGuildNames, findBotGuild } from '../db/bot-guilds';
import { stalenessFields, type Aged } from '../discord/data-age';
import { ApiError, notFound } from '../errors';
import type { ActiveSession } from '../hono-env';
import { announceLicenceChange, type LiveOrigin } from './live';
import { userGuildList } from './servers';

const duplicateServer = () => new ApiError(409, 'DUPLICATE', DUPLICATE_SERVER_MESSAGE);
const overLimit = (userId: string, held: number) =>
  new ApiError(
    409,
    'OVER_LIMIT',
    `User ID ${userId} already has ${held} of ${WHITELIST_LIMIT_PER_USER} licenses of their own; moving this one to them puts them over the limit.`,
  );
const entryNotFound = () => notFound('There is no whitelist entry with this id.', 'ENTRY_NOT_FOUND');

/** Rethrows the UNIQUE violation as the 409 the page shows. */
async function orDuplicate<T>(run: () => Promise<T>): Promise<T> {
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

export function toAdminEntry(row: WhitelistRow, serverNames = new Map<string, string>(), now = Date.now()): AdminWhitelistEntry {
  return {
    _id: row.id,
    userID: row.userId,
    userName: row.userName || null,
    serverID: row.serverId,
    serverName: serverNames.get(row.serverId) ?? row.serverName ?? null,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    adminMade: row.adminMade === 1,
    active: row.expiresAt > now,
  };
}

/** Current names of these servers, as the bot reported them; stored names are used for the others. */
const botServerNames = (env: Env, serverIds: readonly string[]) => botGuildNames(env.DB, serverIds);

/** The user's display name, or '' when Discord does not know them (shown as 'Unknown'). */
async function userDisplayName(env: Env, userId: string): Promise<string> {
  try {
    const user = await getUser(env, userId);
    return user.global_name ?? user.username;
  } catch (error) {
    console.warn('could not resolve user name', userId, error);
    return '';
  }
}

/**
 * Whether the bot is in a server, so the console can warn before licensing it: the bot's report, else Discord's
 * answer for that one guild (null when Discord cannot tell).
 */
export async function checkServerForAdmin(env: Env, serverId: string): Promise<AdminServerCheckResponse> {
  const reported = await findBotGuild(env.DB, serverId);
  if (reported) return { serverID: serverId, botInServer: true, name: reported.name };
  try {
    return { serverID: serverId, botInServer: (await getBotPresence(env, serverId)).value.present, name: null };
  } catch (error) {
    console.warn('could not check the bot presence', error);
    return { serverID: serverId, botInServer: null, name: null };
  }
}

export async function listAllLicences(env: Env): Promise<AllWhitelistedServersResponse> {
  const rows = await listAllEntries(env.DB);
  const names = await botServerNames(
    env,
    rows.map((r) => r.serverId),
  );
  const now = Date.now();
  return { servers: rows.map((r) => toAdminEntry(r, names, now)) };
}

export async function adminAddLicence(env: Env, input: z.output<typeof adminAddSchema>, origin: LiveOrigin): Promise<AdminWhitelistEntry> {
  if (await findEntryByServer(env.DB, input.newServerID)) throw duplicateServer();
  const [names, userName] = await Promise.all([botServerNames(env, [input.newServerID]), userDisplayName(env, input.userID)]);
  const row = await orDuplicate(() =>
    insertAdminEntry(env.DB, {
      userId: input.userID,
      userName,
      serverId: input.newServerID,
      serverName: names.get(input.newServerID) ?? null,
      expiresAt: input.expiresAt ?? expiryInDays(DEFAULT_EXPIRY_DAYS),
    }),
  );
  announceLicenceChange(env, origin, [row.serverId]);
  return toAdminEntry(row, names);
}

export async function adminUpdateLicence(env: Env, input: z.output<typeof adminUpdateSchema>, origin: LiveOrigin): Promise<AdminUpdateResponse> {
  const current = await findEntryById(env.DB, input.oldID);
  if (!current) throw entryNotFound();
  const taken = input.newServerID !== current.serverId ? await findEntryByServer(env.DB, input.newServerID) : null;
  if (taken) throw duplicateServer();
  if (current.adminMade === 0 && input.newUserID !== current.userId && input.confirmOverLimit !== true) {
    const held = await countUserMadeEntries(env.DB, input.newUserID);
    if (held >= WHITELIST_LIMIT_PER_USER) throw overLimit(input.newUserID, held);
  }

  const names = await botServerNames(env, [input.newServerID, current.serverId]);
  const userName = input.newUserID === current.userId ? current.userName : await userDisplayName(env, input.newUserID);
  const serverName = names.get(input.newServerID) ?? (input.newServerID === current.serverId ? current.serverName : null);
  // The read above only shapes the answer; the UPDATE (with its own read in the same transaction) decides.
  const result = await orDuplicate(() =>
    updateEntry(env.DB, input.oldID, {
      userId: input.newUserID,
      userName,
      serverId: input.newServerID,
      serverName,
      expiresAt: input.expiresAt ?? current.expiresAt,
    }),
  );
  if (!result) throw entryNotFound();
  const { before, after } = result;
  const changed: AdminUpdateResponse['changed'] = [];
  if (before.userId !== after.userId) changed.push('userID');
  if (before.serverId !== after.serverId) changed.push('serverID');
  if (before.expiresAt !== after.expiresAt) changed.push('expiresAt');
  // A new holder changes nothing a settings page shows; a move or a new expiry does, on both servers of a move.
  if (changed.includes('serverID') || changed.includes('expiresAt')) announceLicenceChange(env, origin, [before.serverId, after.serverId]);
  return { entry: toAdminEntry(after, names), previous: toAdminEntry(before, names), changed };
}

const restoreWindowStart = (now: number) => now - RESTORE_WINDOW_MINUTES * 60_000;

/** The cron: entries deleted longer ago than an undo can reach are forgotten. */
export const pruneDeletedLicences = (env: Env, now = Date.now()) => pruneDeletedEntries(env.DB, restoreWindowStart(now));

export async function adminDeleteLicence(env: Env, id: number, origin: LiveOrigin, now = Date.now()): Promise<AdminWhitelistEntry> {
  const row = await deleteEntry(env.DB, id, now, restoreWindowStart(now));
  if (!row) throw entryNotFound();
  announceLicenceChange(env, origin, [row.serverId], now);
  return toAdminEntry(row, undefined, now);
}

/**
 * The Undo of a delete: the entry comes back exactly as it was, unless its server was licensed again since
 * (409 DUPLICATE, naming it) or its user took a licence of their own again (409 OVER_LIMIT); nothing changes then.
 */
export async function adminRestoreLicence(env: Env, id: number, origin: LiveOrigin, now = Date.now()): Promise<AdminWhitelistEntry> {
  const outcome = await restoreEntry(env.DB, id, restoreWindowStart(now), WHITELIST_LIMIT_PER_USER).catch(async (error: unknown) => {
    if (!(error instanceof DuplicateServerError)) throw error;
    throw new ApiError(409, 'DUPLICATE', `${await serverLabel(env, id)} was whitelisted again after the delete, so the deleted entry was not restored.`);
  });
  if (outcome.restored) {
    announceLicenceChange(env, origin, [outcome.restored.serverId], now);
    return toAdminEntry(outcome.restored, await botServerNames(env, [outcome.restored.serverId]), now);
  }
  if (outcome.reason === 'LIMIT') {
    throw new ApiError(
      409,
      'OVER_LIMIT',
      `User ID ${outcome.userId} has taken a license of their own since the delete; restoring this one would put them over the limit of ${WHITELIST_LIMIT_PER_USER}.`,
    );
  }
  throw notFound(`This entry was not deleted in the last ${RESTORE_WINDOW_MINUTES} minutes, or is back already: nothing to restore.`, 'NOT_RESTORABLE');
}

/** The server an entry kept aside was for, as a 409 names it: who holds it now, by server name or id. */
async function serverLabel(env: Env, deletedId: number): Promise<string> {
  const holder = await findEntryHoldingDeletedServer(env.DB, deletedId);
  if (!holder) return 'The server';
  return `${holder.serverName ?? `Server ID ${holder.serverId}`} (now licensed to ${holder.userName || `user ID ${holder.userId}`})`;
}
