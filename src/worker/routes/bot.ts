import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';

export const botRoutes = new Hono<AppEnv>();
