import { Hono, type Context } from 'hono';
import { serverIdQuerySchema, settingsAuditQuerySchema, settingsRevertSchema, settingUpdateSchema } from '../../shared/settings/index';
import { signedIn, signedInReading } from '../auth/guards';
import type { AppEnv } from '../hono-env';
import { exportFileName, settingsImportSchema } from '../../shared/settings/transfer';
import { revertSettingChange, serverSettings, settingsAnswerReads, settingsAudit, updateServerSetting } from '../services/settings';
import { exportSettings, importSettings } from '../services/settings-transfer';
import { validJson, validQuery } from '../validation';
import { PRIVATE } from './cache-control';
import { dataAgeHeaders } from './data-age';
import { liveOriginOf } from './live-origin';

/** The answer's D1 reads, in the session's round trip, when the query names a server (else the validator answers 400). */
function settingsAhead(c: Context<AppEnv>) {
  const query = serverIdQuerySchema.safeParse(c.req.query());
  return query.success ? settingsAnswerReads(c.env, query.data.serverID) : undefined;
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/server-settings', signedInReading(settingsAhead), validQuery(serverIdQuerySchema), async (c) => {
    const settings = await serverSettings(c.env, c.var.signedIn, c.req.valid('query').serverID, { answerRows: c.var.readAhead });
    return c.json(settings, 200, { ...PRIVATE, ...dataAgeHeaders(settings.asOf) });
  })
  .get('/server-settings/audit', signedIn, validQuery(settingsAuditQuerySchema), async (c) =>
    c.json(await settingsAudit(c.env, c.var.signedIn, c.req.valid('query')), 200, PRIVATE),
  )
  .get('/server-settings/export', signedIn, validQuery(serverIdQuerySchema), async (c) => {
    const document = await exportSettings(c.env, c.var.signedIn, c.req.valid('query').serverID);
    return c.json(document, 200, {
      ...PRIVATE,
      'Content-Disposition': `attachment; filename="${exportFileName(document.source.name, document.source.serverID)}"`,
    });
  })
  .post('/server-settings/import', signedIn, validJson(settingsImportSchema), async (c) =>
    c.json(await importSettings(c.env, c.var.signedIn, c.req.valid('json'), liveOriginOf(c)), 200, PRIVATE),
  )
  .post('/server-settings/revert', signedIn, validJson(settingsRevertSchema), async (c) =>
    c.json(await revertSettingChange(c.env, c.var.signedIn, c.req.valid('json'), liveOriginOf(c)), 200, PRIVATE),
  )
  .post('/update-server-settings', signedIn, validJson(settingUpdateSchema), async (c) =>
    c.json(await updateServerSetting(c.env, c.var.signedIn, c.req.valid('json'), liveOriginOf(c)), 200, PRIVATE),
  );
