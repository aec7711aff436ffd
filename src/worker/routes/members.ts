import { Hono } from 'hono';
import { memberSearchQuerySchema, storedMembersQuerySchema } from '../../shared/member-search';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { searchMembers } from '../services/member-search';
import { storedMembers } from '../services/stored-members';
import { validQuery } from '../validation';
import { PRIVATE } from './cache-control';

export const membersRoutes = new Hono<AppEnv>()
  .get('/server-members', signedIn, validQuery(memberSearchQuerySchema), async (c) =>
    c.json(await searchMembers(c.env, c.var.signedIn, c.req.valid('query')), 200, PRIVATE),
  )
  .get('/server-members/stored', signedIn, validQuery(storedMembersQuerySchema), async (c) =>
    c.json(await storedMembers(c.env, c.var.signedIn, c.req.valid('query').serverID), 200, PRIVATE),
  );
