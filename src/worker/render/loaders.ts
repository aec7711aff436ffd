import { apiKeys, type LoaderKey } from '../../shared/api-keys';
import { isSnowflake } from '../../shared/discord-ids';
import { isAccessDenial, type AccessDeniedResponse } from '../../shared/server-access';
import { sectionOfSlug } from '../../shared/settings-paths';
import { ApiError } from '../errors';
import { isAdminId } from '../auth/guards';
import { ReadAhead } from '../discord/cache';
import type { ActiveSession } from '../hono-env';
import { readServerListAhead, readSettingsPageAhead, serverListPage, settingsPage } from '../services/dashboard-pages';
import { listAllLicences } from '../services/licences';

export interface LoaderContext {
  env: Env;
  session: ActiveSession | undefined;
  params: Readonly<Record<string, string>>;
  /** The KV reads started before the session was confirmed (readAheadFor). */
  readAhead?: ReadAhead | undefined;
  /** Aborted when the page stops waiting (the budget ran out): Discord calls still under way are dropped. */
  signal: AbortSignal;
}

type Fallback = Record<string, unknown>;
type Loader = (context: LoaderContext) => Promise<Fallback>;

/**
 * Server loaders: each returns SWR fallback entries under the keys of `loaderKeys` (src/shared/api-keys.ts),
 * which are the keys the page reads, so the first paint has the data and hydration does not refetch it.
 * A failing loader leaves its keys out; the page then fetches on the client and shows the error there.
 */
const LOADERS: Record<LoaderKey, Loader> = {
  servers: async ({ env, session, signal, readAhead }) => {
    if (!session) return {};
    const { allowed, invitable, whitelist } = await serverListPage(env, session, { signal, readAhead });
    return { [apiKeys.allowedServers]: allowed, [apiKeys.invitableServers]: invitable, [apiKeys.whitelist]: whitelist };
  },
  serverSettings: async ({ env, session, params, signal, readAhead }) => {
    const serverId = params.serverId ?? '';
    // Not a Discord id, a module the bot does not have, or a server this user can neither manage nor read: there is no such page for them.
    if (!isSnowflake(serverId)) throw new PageNotFound();
    if (params.module !== undefined && sectionOfSlug(params.module) === null) throw new PageNotFound();
    if (!session) return {};
    try {
      const { settings, allowed, whitelist } = await settingsPage(env, session, serverId, { signal, readAhead });
      return { [apiKeys.serverSettings(serverId)]: settings, [apiKeys.allowedServers]: allowed, [apiKeys.whitelist]: whitelist };
    } catch (error) {
      // A server the user is in but may not open says why and how to get in; any other is no page for them.
      if (error instanceof ApiError && error.status === 403 && isAccessDenial(error.code)) {
        const denied: AccessDeniedResponse = { code: error.code, error: error.message };
        throw new PageForbidden({ [apiKeys.serverSettingsDenied(serverId)]: denied });
      }
      if (error instanceof ApiError && error.status === 403) throw new PageNotFound();
      throw error;
    }
  },
  adminWhitelist: async ({ env, session }) => {
    if (!session || !isAdminId(env, session.user.id)) return {};
    return { [apiKeys.allWhitelist]: await listAllLicences(env) };
  },
};

type ReadAheadStarter = (readAhead: ReadAhead, userId: string, params: Readonly<Record<string, string>>) => void;

/** The KV reads a loader will make for a signed-in user, which need nothing from the session's row. */
const READS_AHEAD: Partial<Record<LoaderKey, ReadAheadStarter>> = {
  servers: (readAhead, userId) => readServerListAhead(readAhead, userId),
  serverSettings: (readAhead, userId, params) => readSettingsPageAhead(readAhead, userId, params.serverId ?? ''),
};

/**
 * Starts the KV reads the loaders will make for the user the session cookie names, so that they run beside
 * the session's D1 lookup instead of after it. The loaders use them only once the session is confirmed.
 */
export function readAheadFor(keys: readonly LoaderKey[], env: Env, userId: string, params: Readonly<Record<string, string>>): ReadAhead | undefined {
  const starters = keys.flatMap((key) => READS_AHEAD[key] ?? []);
  if (starters.length === 0) return undefined;
  const readAhead = new ReadAhead(env.CACHE);
  for (const start of starters) start(readAhead, userId, params);
  return readAhead;
}

/** A loader's verdict that this visitor may not see the page: it renders with this data (which says why) and 403. */
export class PageForbidden extends Error {
  constructor(readonly fallback: Fallback) {
    super('This visitor may not see this page');
    this.name = 'PageForbidden';
  }
}

/** A loader's verdict that the page does not exist for this visitor: rendered as the 404 page. */
export class PageNotFound extends Error {
  constructor() {
    super('No such page for this visitor');
    this.name = 'PageNotFound';
  }
}

/** A slow upstream (Discord) must not hold the first paint: past this, the page renders and fetches itself. */
export const LOADER_BUDGET_MS = 2500;

/** The loader's answer, or nothing once the budget is spent; then its remaining Discord calls are aborted. */
export async function withinBudget(key: LoaderKey, run: (signal: AbortSignal) => Promise<Fallback>, budgetMs = LOADER_BUDGET_MS): Promise<Fallback> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Fallback>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`loader ${key} took longer than ${budgetMs} ms; the page will fetch on the client`);
      controller.abort(new Error(`loader ${key} ran out of its ${budgetMs} ms budget`));
      resolve({});
    }, budgetMs);
  });
  const work = run(controller.signal).catch((error: unknown) => {
    if (error instanceof PageNotFound || error instanceof PageForbidden) throw error;
    if (!controller.signal.aborted) console.error(`loader ${key} failed`, error);
    return {};
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runLoaders(keys: readonly LoaderKey[], context: Omit<LoaderContext, 'signal'>): Promise<Fallback> {
  const parts = await Promise.all(keys.map((key) => withinBudget(key, (signal) => LOADERS[key]({ ...context, signal }))));
  return Object.assign({}, ...parts) as Fallback;
}
