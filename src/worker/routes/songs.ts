import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';

// The song library API (issue 6) is mounted here.
export const songsRoutes = new Hono<AppEnv>();
