import { Hono } from 'hono';
import { COMMANDS } from '../../shared/commands';
import type { AppEnv } from '../hono-env';
import { stats } from '../services/stats';

export const statsRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => c.json(await stats(c.env.DB), 200, { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' }))
  .get('/commands', (c) => c.json(COMMANDS, 200, { 'Cache-Control': 'public, max-age=300' }));
