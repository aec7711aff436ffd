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

export async function runLoaders(
  keys: readonly LoaderKey[],
  c: Context<AppEnv>,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    keys.map((key) =>
      LOADERS[key](c, params).catch((error: unknown) => {
        console.error(`loader ${key} failed`, error);
        return {};
      }),
    ),
  );
  return Object.assign({}, ...parts) as Record<string, unknown>;
}
