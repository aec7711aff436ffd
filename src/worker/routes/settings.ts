import { Hono } from 'hono';
import type { SettingsAuditResponse } from '../../shared/settings';
import { serverIdQuerySchema, settingUpdateSchema } from '../../shared/settings';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { serverSettings, settingsAudit, updateServerSetting } from '../services/settings';
import { validJson, validQuery } from '../validation';
import { PRIVATE } from './cache-control';

export const settingsRoutes = new Hono<AppEnv>()
  .get('/server-settings', signedIn, validQuery(serverIdQuerySchema), async (c) =>
    c.json(await serverSettings(c.env, c.var.signedIn, c.req.valid('query').serverID), 200, PRIVATE),
  )
  .get('/server-settings/audit', signedIn, validQuery(serverIdQuerySchema), async (c) => {
    const body: SettingsAuditResponse = { entries: await settingsAudit(c.env, c.var.signedIn, c.req.valid('query').serverID) };
    return c.json(body, 200, PRIVATE);
  })
  .post('/update-server-settings', signedIn, validJson(settingUpdateSchema), async (c) =>
    c.json(await updateServerSetting(c.env, c.var.signedIn, c.req.valid('json')), 200, PRIVATE),
  );
