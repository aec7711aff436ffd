import { Hono, type Context } from 'hono';
import type { AppEnv } from '../hono-env';

export const adminRoutes = new Hono<AppEnv>();

/** SSR loader: SWR fallback entries for the page (/api/all-whitelisted-servers). */
export async function loadAdminFallback(_c: Context<AppEnv>, _params: Record<string, string>): Promise<Record<string, unknown>> {
  return {};
}
