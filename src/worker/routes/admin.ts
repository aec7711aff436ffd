import type { APIUser } from 'discord-api-types/v10';
import { Hono, type Context } from 'hono';
import type {
  AdminAddResponse,
  AdminDeleteResponse,
  AdminUpdateResponse,
  AdminWhitelistEntry,
  AllWhitelistedServersResponse,
} from '../../shared/api-types';
import { DEFAULT_EXPIRY_DAYS } from '../../shared/constants';
import { adminAddSchema, adminDeleteSchema, adminUpdateSchema, expiryInDays } from '../../shared/whitelist';
import { isAdminId, requireAdmin } from '../auth/guards';
import { getBotGuilds } from '../discord/api';
import { DiscordRest } from '../discord/rest';
import { deleteEntry, findEntryById, findEntryByServer, insertAdminEntry, listAllEntries, updateEntry, type WhitelistRow } from '../db/whitelist';
import { notFound } from '../errors';
import type { AppEnv } from '../hono-env';
import { duplicateServer, orDuplicate, parseJsonBody } from './whitelist';

const ALL_KEY = '/api/all-whitelisted-servers';

export function toAdminEntry(row: WhitelistRow, serverNames: Map<string, string> = new Map(), now = Date.now()): AdminWhitelistEntry {
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

/** Current names of the servers the bot is in; empty when Discord does not answer (stored names are used then). */
async function botServerNames(env: Env): Promise<Map<string, string>> {
  try {
    return new Map((await getBotGuilds(env)).map((g) => [g.id, g.name]));
  } catch (error) {
    console.warn('could not resolve server names', error);
    return new Map();
  }
}

/** The user's display name, or '' when Discord does not know them (shown as 'Unknown'). */
async function userDisplayName(env: Env, userId: string): Promise<string> {
  try {
    const user = await new DiscordRest(env).request<APIUser>(`/users/${userId}`, { auth: { type: 'bot' } });
    return user.global_name ?? user.username;
  } catch (error) {
    console.warn('could not resolve user name', userId, error);
    return '';
  }
}

async function listForAdmin(env: Env): Promise<AllWhitelistedServersResponse> {
  const [rows, names] = await Promise.all([listAllEntries(env.DB), botServerNames(env)]);
  const now = Date.now();
  return { servers: rows.map((r) => toAdminEntry(r, names, now)) };
}

/** SSR loader: SWR fallback entries for the page (/api/all-whitelisted-servers). */
export async function loadAdminFallback(c: Context<AppEnv>, _params: Record<string, string>): Promise<Record<string, unknown>> {
  const session = c.get('session');
  if (!session || !isAdminId(c.env, session.user.id)) return {};
  return { [ALL_KEY]: await listForAdmin(c.env) };
}

export const adminRoutes = new Hono<AppEnv>()
  .get('/all-whitelisted-servers', async (c) => {
    requireAdmin(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listForAdmin(c.env));
  })
  .post('/add-whitelisted-server-admin', async (c) => {
    requireAdmin(c);
    const input = await parseJsonBody(c, adminAddSchema);
    if (await findEntryByServer(c.env.DB, input.newServerID)) throw duplicateServer();
    const [names, userName] = await Promise.all([botServerNames(c.env), userDisplayName(c.env, input.userID)]);
    const row = await orDuplicate(() =>
      insertAdminEntry(c.env.DB, {
        userId: input.userID,
        userName,
        serverId: input.newServerID,
        serverName: names.get(input.newServerID) ?? null,
        expiresAt: input.expiresAt ?? expiryInDays(DEFAULT_EXPIRY_DAYS),
      }),
    );
    return c.json<AdminAddResponse>({ entry: toAdminEntry(row, names) }, 201);
  })
  .post('/update-whitelisted-server', async (c) => {
    requireAdmin(c);
    const input = await parseJsonBody(c, adminUpdateSchema);
    const current = await findEntryById(c.env.DB, input.oldID);
    if (!current) throw notFound('There is no whitelist entry with this id.', 'ENTRY_NOT_FOUND');
    const taken = input.newServerID !== current.serverId ? await findEntryByServer(c.env.DB, input.newServerID) : null;
    if (taken) throw duplicateServer();

    const names = await botServerNames(c.env);
    const userName = input.newUserID === current.userId ? current.userName : await userDisplayName(c.env, input.newUserID);
    const serverName = names.get(input.newServerID) ?? (input.newServerID === current.serverId ? current.serverName : null);
    // The read above only shapes the answer; the UPDATE (with its own read in the same transaction) decides.
    const result = await orDuplicate(() =>
      updateEntry(c.env.DB, input.oldID, {
        userId: input.newUserID,
        userName,
        serverId: input.newServerID,
        serverName,
        expiresAt: input.expiresAt ?? current.expiresAt,
      }),
    );
    if (!result) throw notFound('There is no whitelist entry with this id.', 'ENTRY_NOT_FOUND');
    const { before, after } = result;
    const changed: AdminUpdateResponse['changed'] = [];
    if (before.userId !== after.userId) changed.push('userID');
    if (before.serverId !== after.serverId) changed.push('serverID');
    if (before.expiresAt !== after.expiresAt) changed.push('expiresAt');
    return c.json<AdminUpdateResponse>({ entry: toAdminEntry(after, names), previous: toAdminEntry(before, names), changed });
  })
  .post('/delete-whitelisted-server', async (c) => {
    requireAdmin(c);
    const { id } = await parseJsonBody(c, adminDeleteSchema);
    const row = await deleteEntry(c.env.DB, id);
    if (!row) throw notFound('There is no whitelist entry with this id.', 'ENTRY_NOT_FOUND');
    return c.json<AdminDeleteResponse>({ deleted: toAdminEntry(row) });
  });
