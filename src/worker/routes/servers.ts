import { Hono } from 'hono';
import { z } from 'zod';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { allowFreshGuildList, serverLists } from '../services/servers';
import { validQuery } from '../validation';
import { PRIVATE } from './cache-control';
import { dataAgeHeaders } from './data-age';

/** `?refresh=1` skips the short guild cache (rate limited per user). */
const refreshQuery = z.object({ refresh: z.enum(['0', '1']).optional() });

export const serversRoutes = new Hono<AppEnv>()
  .get('/allowed-servers', signedIn, validQuery(refreshQuery), async (c) => {
    const session = c.var.signedIn;
    const fresh = c.req.valid('query').refresh === '1';
    if (fresh) await allowFreshGuildList(c.env, session.user.id);
    const { allowed, asOf } = await serverLists(c.env, session, { fresh });
    return c.json(allowed, 200, { ...PRIVATE, ...dataAgeHeaders(asOf) });
  })
  .get('/invitable-servers', signedIn, async (c) => {
    const { invitable, asOf } = await serverLists(c.env, c.var.signedIn);
    return c.json(invitable, 200, { ...PRIVATE, ...dataAgeHeaders(asOf) });
  });
