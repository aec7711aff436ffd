import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';

export const whitelistRoutes = new Hono<AppEnv>();
