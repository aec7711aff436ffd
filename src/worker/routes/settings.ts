import { Hono, type Context } from 'hono';
import type { AppEnv } from '../hono-env';

export const settingsRoutes = new Hono<AppEnv>();

/** SSR loader: SWR fallback entries for the page (/api/server-settings?serverID={id}). */
export async function loadSettingsFallback(_c: Context<AppEnv>, _params: Record<string, string>): Promise<Record<string, unknown>> {
  return {};
}
