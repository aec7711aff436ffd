import { Hono } from 'hono';
import { addWhitelistedServerSchema } from '../../shared/whitelist-requests';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { addOwnerLicence, ownerWhitelist } from '../services/licences';
import { validJson } from '../validation';
import { PRIVATE } from './cache-control';
import { dataAgeHeaders } from './data-age';
import { liveOriginOf } from './live-origin';

export const whitelistRoutes = new Hono<AppEnv>()
  .get('/whitelisted-servers', signedIn, async (c) => {
    const whitelist = await ownerWhitelist(c.env, c.var.signedIn);
    return c.json(whitelist, 200, { ...PRIVATE, ...dataAgeHeaders(whitelist.asOf) });
  })
  .post('/add-whitelisted-server', signedIn, validJson(addWhitelistedServerSchema), async (c) =>
    c.json(await addOwnerLicence(c.env, c.var.signedIn, c.req.valid('json'), liveOriginOf(c)), 200, PRIVATE),
  );
