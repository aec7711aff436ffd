import { Hono } from 'hono';
import { serverAccessUpdateSchema } from '../../shared/server-access-requests';
import { serverIdQuerySchema } from '../../shared/settings/index';
import { signedIn } from '../auth/guards';
import { deferOf } from '../auth/session';
import type { AppEnv } from '../hono-env';
import { serverAccess, updateServerAccess } from '../services/server-access';
import { validJson, validQuery } from '../validation';
import { PRIVATE } from './cache-control';

export const serverAccessRoutes = new Hono<AppEnv>()
  .get('/server-access', signedIn, validQuery(serverIdQuerySchema), async (c) =>
    c.json(await serverAccess(c.env, c.var.signedIn, c.req.valid('query').serverID), 200, PRIVATE),
  )
  .post('/update-server-access', signedIn, validJson(serverAccessUpdateSchema), async (c) =>
    c.json(await updateServerAccess(c.env, c.var.signedIn, c.req.valid('json'), deferOf(c)), 200, PRIVATE),
  );
