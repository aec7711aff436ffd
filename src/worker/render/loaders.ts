import type { Context } from 'hono';
import type { LoaderKey } from '../../client/routes';
import { COMMANDS } from '../../shared/commands';
import type { AppEnv } from '../hono-env';
import { loadAdminFallback } from '../routes/admin';
import { loadServerLists } from '../routes/servers';
import { loadSettingsFallback } from '../routes/settings';
import { loadWhitelistFallback } from '../routes/whitelist';
import { loadStats } from '../routes/stats';

type Loader = (c: Context<AppEnv>, params: Record<string, string>) => Promise<Record<string, unknown>>;

/**
 * Server loaders: each returns SWR fallback entries keyed by the API URL the page reads, so the first
 * paint has the data and hydration does not refetch it. A failing loader leaves its key out; the page
 * then fetches on the client and shows the error there.
 */
const LOADERS: Record<LoaderKey, Loader> = {
  stats: async (c) => ({ '/api/stats': await loadStats(c.env.DB) }),
  commands: async () => ({ '/api/commands': COMMANDS }),
  servers: async (c) => {
    if (!c.get('session')) return {};
    const [{ allowed, invitable }, whitelist] = await Promise.all([loadServerLists(c), loadWhitelistFallback(c)]);
    return { '/api/allowed-servers': allowed, '/api/invitable-servers': invitable, ...whitelist };
  },
  serverSettings: loadSettingsFallback,
  adminWhitelist: loadAdminFallback,
};

/** A slow upstream (Discord) must not hold the first paint: past this, the page renders and fetches itself. */
export const LOADER_BUDGET_MS = 2500;

export function withinBudget(key: LoaderKey, work: Promise<Record<string, unknown>>, budgetMs = LOADER_BUDGET_MS): Promise<Record<string, unknown>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Record<string, unknown>>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`loader ${key} took longer than ${budgetMs} ms; the page will fetch on the client`);
      resolve({});
    }, budgetMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function runLoaders(
  keys: readonly LoaderKey[],
  c: Context<AppEnv>,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    keys.map((key) =>
      withinBudget(
        key,
        LOADERS[key](c, params).catch((error: unknown) => {
          console.error(`loader ${key} failed`, error);
          return {};
        }),
      ),
    ),
  );
  return Object.assign({}, ...parts) as Record<string, unknown>;
}
