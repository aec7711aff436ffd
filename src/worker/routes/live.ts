import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { openLiveSocket } from '../services/live';
import { checkLiveHandshake } from '../services/live-handshake';

/** Before the session is looked up: a handshake from another site, or no handshake at all, goes no further. */
const liveHandshake = createMiddleware<AppEnv>(async (c, next) => {
  checkLiveHandshake(c.env, c.req.raw.headers);
  await next();
});

/** The settings page's live socket (the id is checked by the guild access, as on every per-server call). */
export const liveRoutes = new Hono<AppEnv>().get('/servers/:id/live', liveHandshake, signedIn, async (c) =>
  openLiveSocket(c.env, c.var.signedIn, c.req.param('id'), c.req.raw),
);
