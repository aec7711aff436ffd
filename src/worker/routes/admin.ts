import { Hono } from 'hono';
import { adminAddSchema, adminDeleteSchema, adminRestoreSchema, adminSearchQuerySchema, adminUpdateSchema } from '../../shared/whitelist-requests';
import { adminOnly } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { searchServers, searchUsers } from '../services/admin-lookup';
import { adminAddLicence, adminDeleteLicence, adminRestoreLicence, adminUpdateLicence, checkServerForAdmin, listAllLicences } from '../services/admin-licences';
import { serverIdQuerySchema } from '../../shared/settings/index';
import { validJson, validQuery } from '../validation';
import { PRIVATE } from './cache-control';
import { liveOriginOf } from './live-origin';

export const adminRoutes = new Hono<AppEnv>()
  .get('/all-whitelisted-servers', adminOnly, async (c) => c.json(await listAllLicences(c.env), 200, PRIVATE))
  .get('/admin-server-check', adminOnly, validQuery(serverIdQuerySchema), async (c) =>
    c.json(await checkServerForAdmin(c.env, c.req.valid('query').serverID), 200, PRIVATE),
  )
  .get('/admin-server-search', adminOnly, validQuery(adminSearchQuerySchema), async (c) =>
    c.json(await searchServers(c.env.DB, c.req.valid('query').q), 200, PRIVATE),
  )
  .get('/admin-user-search', adminOnly, validQuery(adminSearchQuerySchema), async (c) =>
    c.json(await searchUsers(c.env.DB, c.req.valid('query').q), 200, PRIVATE),
  )
  .post('/add-whitelisted-server-admin', adminOnly, validJson(adminAddSchema), async (c) =>
    c.json({ entry: await adminAddLicence(c.env, c.req.valid('json'), liveOriginOf(c)) }, 201),
  )
  .post('/update-whitelisted-server', adminOnly, validJson(adminUpdateSchema), async (c) =>
    c.json(await adminUpdateLicence(c.env, c.req.valid('json'), liveOriginOf(c))),
  )
  .post('/delete-whitelisted-server', adminOnly, validJson(adminDeleteSchema), async (c) =>
    c.json({ deleted: await adminDeleteLicence(c.env, c.req.valid('json').id, liveOriginOf(c)) }),
  )
  .post('/restore-whitelisted-server', adminOnly, validJson(adminRestoreSchema), async (c) =>
    c.json({ entry: await adminRestoreLicence(c.env, c.req.valid('json').id, liveOriginOf(c)) }),
  );
