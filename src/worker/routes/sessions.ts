import { Hono } from 'hono';
import { revokeSessionSchema } from '../../shared/session-schemas';
import { signedIn } from '../auth/guards';
import { clearSessionCookie, deferOf } from '../auth/session';
import type { AppEnv } from '../hono-env';
import { endAllSessions, listSessions, revokeSession } from '../services/sessions';
import { validJson } from '../validation';
import { PRIVATE } from './cache-control';

export const sessionsRoutes = new Hono<AppEnv>()
  .get('/sessions', signedIn, async (c) => c.json({ sessions: await listSessions(c.env, c.var.signedIn) }, 200, PRIVATE))
  .post('/sessions/revoke', signedIn, validJson(revokeSessionSchema), async (c) => {
    const { current } = await revokeSession(c.env, deferOf(c), c.var.signedIn, c.req.valid('json').id);
    if (current) clearSessionCookie(c);
    return c.body(null, 204);
  })
  .post('/logout-all', signedIn, async (c) => {
    await endAllSessions(c.env, deferOf(c), c.var.signedIn);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
