import { Hono } from 'hono';
import type { StatsResponse } from '../../shared/api-types';
import { COMMANDS } from '../../shared/commands';
import { readStats } from '../db/stats';
import type { AppEnv } from '../hono-env';

export async function loadStats(db: D1Database): Promise<StatsResponse> {
  const { servers, users } = await readStats(db);
  return { servers, users, commands: COMMANDS.length };
}

export const statsRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => {
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
    return c.json(await loadStats(c.env.DB));
  })
  .get('/commands', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(COMMANDS);
  });
