import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { OwnerWhitelistEntry, WhitelistStateResponse } from '../../shared/api-types';
import { DEFAULT_EXPIRY_DAYS, SUPPORT_URL, WHITELIST_LIMIT_PER_USER } from '../../shared/constants';
import { addWhitelistedServerSchema, expiryInDays, firstIssueMessage } from '../../shared/whitelist';
import { manageableGuilds, requireUser } from '../auth/guards';
import type { PartialGuild } from '../discord/api';
import {
  activeLicensedAmong,
  DuplicateServerError,
  findEntryByServer,
  insertUserEntryWithinLimit,
  listUserEntries,
  moveUserEntry,
  type WhitelistRow,
} from '../db/whitelist';
import { ApiError } from '../errors';
import type { ActiveSession, AppEnv } from '../hono-env';

export const DUPLICATE_MESSAGE = 'This server is already whitelisted!';

export const duplicateServer = () => new ApiError(409, 'DUPLICATE', DUPLICATE_MESSAGE);

/** Reads a JSON body and validates it; a 400 that names the field otherwise. */
export async function parseJsonBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The request body must be a JSON object.');
  }
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new ApiError(400, 'INVALID_INPUT', firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Rethrows the UNIQUE violation as the 409 the page shows. */
export async function orDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DuplicateServerError) throw duplicateServer();
    throw error;
  }
}

const supportUrl = (env: Env) => env.SUPPORT_URL || SUPPORT_URL;

const toOwnerEntry = (row: WhitelistRow, names: Map<string, string>, now: number): OwnerWhitelistEntry => ({
  serverID: row.serverId,
  serverName: names.get(row.serverId) ?? row.serverName ?? null,
  expiresAt: row.expiresAt,
  active: row.expiresAt > now,
  adminMade: row.adminMade === 1,
});

/** The user's whitelist as the modal shows it; names come from the user's guild list when Discord answers. */
async function ownerState(c: Context<AppEnv>, session: ActiveSession, known?: PartialGuild[]): Promise<WhitelistStateResponse> {
  const now = Date.now();
  const [rows, guilds] = await Promise.all([
    listUserEntries(c.env.DB, session.user.id),
    known ??
      manageableGuilds(c, session)
        .then(({ withBot, withoutBot }) => [...withBot, ...withoutBot])
        // Names and the licensed list are a nicety: the entries themselves must show even when Discord does not answer.
        .catch(() => [] as PartialGuild[]),
  ]);
  const names = new Map(guilds.map((g) => [g.id, g.name]));
  const licensed = await activeLicensedAmong(c.env.DB, guilds.map((g) => g.id), now);
  return {
    servers: rows.map((r) => r.serverId),
    entries: rows.map((r) => toOwnerEntry(r, names, now)),
    limit: WHITELIST_LIMIT_PER_USER,
    used: rows.filter((r) => r.adminMade === 0).length,
    licensed,
    supportUrl: supportUrl(c.env),
  };
}

/** SSR loader: SWR fallback for the server list page, so the whitelist state is there on first paint. */
export async function loadWhitelistFallback(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const session = c.get('session');
  if (!session) return {};
  return { '/api/whitelisted-servers': await ownerState(c, session) };
}

export const whitelistRoutes = new Hono<AppEnv>()
  .get('/whitelisted-servers', async (c) => {
    const session = requireUser(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await ownerState(c, session));
  })
  .post('/add-whitelisted-server', async (c) => {
    const session = requireUser(c);
    const { newServerID, oldServerID } = await parseJsonBody(c, addWhitelistedServerSchema);

    // Otherwise anyone could block someone else's server. Guilds without the bot are allowed: a licence
    // may be taken before the bot is invited.
    const { withBot, withoutBot } = await manageableGuilds(c, session);
    const managed = [...withBot, ...withoutBot];
    const guild = managed.find((g) => g.id === newServerID);
    if (!guild) {
      throw new ApiError(
        403,
        'NOT_MANAGED',
        'You can only whitelist a server you own or manage. If you just created it, refresh your server list and try again.',
      );
    }

    // A friendlier answer than LIMIT when the server is taken anyway; the UNIQUE constraint is what decides.
    if (await findEntryByServer(c.env.DB, newServerID)) throw duplicateServer();

    if (oldServerID) {
      if (oldServerID === newServerID) throw duplicateServer();
      const moved = await orDuplicate(() => moveUserEntry(c.env.DB, session.user.id, oldServerID, newServerID, guild.name));
      if (!moved) throw new ApiError(404, 'NOT_YOUR_ENTRY', 'oldServerID is not one of your whitelisted servers.');
    } else {
      const inserted = await orDuplicate(() =>
        insertUserEntryWithinLimit(
          c.env.DB,
          {
            userId: session.user.id,
            userName: session.user.global_name ?? session.user.username,
            serverId: newServerID,
            serverName: guild.name,
            expiresAt: expiryInDays(DEFAULT_EXPIRY_DAYS),
          },
          WHITELIST_LIMIT_PER_USER,
        ),
      );
      if (!inserted) {
        const limit = WHITELIST_LIMIT_PER_USER;
        throw new ApiError(409, 'LIMIT', `You can whitelist ${limit} server${limit === 1 ? '' : 's'}. Choose a server to replace.`);
      }
    }
    return c.json(await ownerState(c, session, managed));
  });
