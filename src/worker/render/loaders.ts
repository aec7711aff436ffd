import { apiKeys, type ApiKey } from '../../shared/api-keys';
import type { RouteId } from '../../client/routes';
import { isSnowflake } from '../../shared/discord-ids';
import { isAccessDenial, type AccessDeniedResponse } from '../../shared/server-access';
import { sectionOfSlug } from '../../shared/settings/paths';
import { ApiError } from '../errors';
import { isAdminId } from '../auth/guards';
import { ReadAhead } from '../discord/cache';
import type { ActiveSession } from '../hono-env';
import { mapRead, type BatchRead } from '../db/batch';
import { serverListPage, serverListReadsAhead, settingsPage, settingsReadsAhead } from '../services/dashboard-pages';
import { listAllLicences } from '../services/licences';

export interface LoaderContext {
  env: Env;
  session: ActiveSession | undefined;
  params: Params;
  /** The KV reads started before the session was confirmed (readAheadFor). */
  readAhead?: ReadAhead | undefined;
  /** Aborted when the page stops waiting (the budget ran out): Discord calls still under way are dropped. */
  signal: AbortSignal;
}

type Fallback = Record<string, unknown>;
type Params = Readonly<Record<string, string>>;
type Keys = Readonly<Record<string, ApiKey<unknown>>>;
type AnswerOf<K> = K extends ApiKey<infer T> ? T : never;

/**
 * One page's first-paint data, declared in one place: the SWR keys it fills (known from the route's params
 * alone, and the very keys the page reads), the reads it can make before the session is confirmed, and its
 * loader, which answers each key with that key's own answer type. A key it leaves out is fetched by the page.
 */
interface PageData<K extends Keys, A> {
  keys: (params: Params) => K;
  /**
   * For the user the session cookie names: starts the KV reads the loader will make and, when their answers
   * allow, gives the loader's D1 reads, which then share the session row's round trip (`ahead` once it is live).
   */
  readAhead?: (env: Env, readAhead: ReadAhead, userId: string, params: Params) => Promise<BatchRead<A> | undefined>;
  load: (context: LoaderContext & { ahead?: A | undefined }, keys: K) => Promise<{ [N in keyof K]?: AnswerOf<K[N]> }>;
}

/** A page's loader, ready to run: the SWR keys it fills and their answers. */
export type PageLoad = (context: LoaderContext) => Promise<Fallback>;

/** A page's data with its names erased: what the renderer runs. */
export interface PageLoader {
  keys: (params: Params) => readonly string[];
  /** Its reads ahead (PageData), whose result is the loader bound to what they read. */
  readAhead?: ((env: Env, readAhead: ReadAhead, userId: string, params: Params) => Promise<BatchRead<PageLoad> | undefined>) | undefined;
  load: PageLoad;
}

function pageData<K extends Keys, A = never>(data: PageData<K, A>): PageLoader {
  const load = async (context: LoaderContext & { ahead?: A | undefined }) => {
    const keys = data.keys(context.params);
    const answers: Fallback = await data.load(context, keys);
    return Object.fromEntries(Object.entries(answers).flatMap(([name, answer]) => (keys[name] === undefined ? [] : [[keys[name], answer]])));
  };
  const readAhead = data.readAhead;
  return {
    keys: (params) => Object.values(data.keys(params)),
    readAhead:
      readAhead &&
      (async (env, started, userId, params) => {
        const reads = await readAhead(env, started, userId, params);
        return (
          reads &&
          mapRead(
            reads,
            (ahead): PageLoad =>
              (context) =>
                load({ ...context, ahead }),
          )
        );
      }),
    load,
  };
}

/** The pages with data at first paint, by route id (src/client/routes.ts); the others have none. */
export const PAGE_DATA = {
  servers: pageData({
    keys: () => ({ allowed: apiKeys.allowedServers, invitable: apiKeys.invitableServers, whitelist: apiKeys.whitelist }),
    readAhead: (env, readAhead, userId) => serverListReadsAhead(env, readAhead, userId),
    load: async ({ env, session, signal, readAhead, ahead }) => (session ? serverListPage(env, session, { signal, readAhead, ahead }) : {}),
  }),
  // The settings, the user's servers for the switcher, and their whitelist for the license banner.
  server: pageData({
    keys: ({ serverId = '' }) => ({ settings: apiKeys.serverSettings(serverId), allowed: apiKeys.allowedServers, whitelist: apiKeys.whitelist }),
    readAhead: (env, readAhead, userId, { serverId = '' }) => settingsReadsAhead(env, readAhead, userId, serverId),
    load: async ({ env, session, params, signal, readAhead, ahead }) => {
      const serverId = params.serverId ?? '';
      // Not a Discord id, a module the bot does not have, or a server this user can neither manage nor read: there is no such page for them.
      if (!isSnowflake(serverId)) throw new PageNotFound();
      if (params.module !== undefined && sectionOfSlug(params.module) === null) throw new PageNotFound();
      if (!session) return {};
      try {
        return await settingsPage(env, session, serverId, { signal, readAhead, ahead });
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
  }),
  admin: pageData({
    keys: () => ({ all: apiKeys.allWhitelist }),
    load: async ({ env, session }) => (session && isAdminId(env, session.user.id) ? { all: await listAllLicences(env) } : {}),
  }),
} satisfies Partial<Record<RouteId, PageLoader>>;

const hasPageData = (id: string): id is keyof typeof PAGE_DATA => Object.hasOwn(PAGE_DATA, id);
/** The first-paint data of the page `id`, if it has any. */
export const pageDataOf = (id: string): PageLoader | undefined => (hasPageData(id) ? PAGE_DATA[id] : undefined);

/**
 * Starts the reads the page's loader will make for the user the session cookie names (PageData's `readAhead`):
 * the KV reads run before the session's D1 lookup, and the D1 reads they allow share it. The loader uses what
 * they read only once the session is confirmed.
 */
export function readAheadFor(page: PageLoader | undefined, env: Env, userId: string, params: Params) {
  if (!page?.readAhead) return undefined;
  const readAhead = new ReadAhead(env.CACHE);
  return { readAhead, alongside: page.readAhead(env, readAhead, userId, params) };
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
export async function withinBudget(key: string, run: (signal: AbortSignal) => Promise<Fallback>, budgetMs = LOADER_BUDGET_MS): Promise<Fallback> {
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

/** The page's first-paint data (none for a page without a loader), within the budget. */
export async function loadPage(id: string, load: PageLoad | undefined, context: Omit<LoaderContext, 'signal'>): Promise<Fallback> {
  return load ? withinBudget(id, (signal) => load({ ...context, signal })) : {};
}
