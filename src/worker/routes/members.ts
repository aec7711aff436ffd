import { Hono } from 'hono';
import { memberSearchQuerySchema } from '../../shared/member-search';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { searchMembers } from '../services/member-search';
import { validQuery } from '../validation';
import { PRIVATE } from './cache-control';

export const membersRoutes = new Hono<AppEnv>().get('/server-members', signedIn, validQuery(memberSearchQuerySchema), async (c) =>
  c.json(await searchMembers(c.env, c.var.signedIn, c.req.valid('query')), 200, PRIVATE),
);
