/**
 * The admin's side of the licences: every entry, with the server's and the user's names, and the changes only an
 * admin may make (add without a limit, move, delete and restore within the restore window).
 */
import type { AdminServerCheckResponse, AdminUpdateResponse, AdminWhitelistEntry, AllWhitelistedServersResponse } from '../../shared/licences';
import { DEFAULT_EXPIRY_DAYS, WHITELIST_LIMIT_PER_USER } from '../../shared/constants';
import { expiryInDays, RESTORE_WINDOW_MINUTES } from '../../shared/whitelist';
import type { adminAddSchema, adminUpdateSchema } from '../../shared/whitelist-requests';
import type { z } from 'zod';
import {
  deleteEntry,
  findEntryHoldingDeletedServer,
  restoreEntry,
  DuplicateServerError,
  findEntryById,
  findEntryByServer,
  insertAdminEntry,
  listAllEntries,
  countUserMadeEntries,
  updateEntry,
  type WhitelistRow,
  pruneDeletedEntries,
} from '../db/whitelist';
import { getBotPresence, getUser } from '../discord/api';
import { botGuildNames, findBotGuild } from '../db/bot-guilds';
import { ApiError, notFound } from '../errors';
import { announceLicenceChange, type LiveOrigin } from './live';
import { duplicateServer, orDuplicate } from './licences';

const overLimit = (userId: string, held: number) =>
  new ApiError(
    409,
    'OVER_LIMIT',
    `User ID ${userId} already has ${held} of ${WHITELIST_LIMIT_PER_USER} licenses of their own; moving this one to them puts them over the limit.`,
  );
const entryNotFound = () => notFound('There is no whitelist entry with this id.', 'ENTRY_NOT_FOUND');

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
