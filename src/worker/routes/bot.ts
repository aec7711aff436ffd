import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BOT_OPERATIONS, BOT_SYNC_MAX_BODY_BYTES } from '../../shared/bot-api';
import { requireBotToken } from '../auth/bot-token';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';
import { botChanges, botGuild } from '../services/bot-feed';
import { botOpenApiDocument } from '../services/bot-openapi';
import { reportDeparture, reportPresence, syncPresence } from '../services/bot-presence';
import { botUpdateSetting } from '../services/settings';
import { validJson, validParam, validQuery } from '../validation';
import { liveOriginOf } from './live-origin';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const { getGuild, putPresence, deletePresence, putSetting, syncGuilds, getChanges } = BOT_OPERATIONS;
/** Hono's form of an OpenAPI path: `{id}` becomes `:id`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A sync chunk of 1,000 guilds with long names is larger than the API's usual body limit. */
const syncBodyLimit = bodyLimit({
  maxSize: BOT_SYNC_MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `A sync chunk is larger than ${BOT_SYNC_MAX_BODY_BYTES / 1024} kB.`);
  },
});

/**
 * API for the bot itself (not for people), behind a Bearer token: guild state, a setting changed by a member's
 * command, the change feed, where the bot is (presence and full syncs), and its OpenAPI document. Each call's path,
 * method, success status and validators' schemas are its declaration's in BOT_OPERATIONS, which the document is made from.
 */
export const botRoutes = new Hono<AppEnv>()
  .use('*', requireBotToken)
  .on(syncGuilds.method, honoPath(syncGuilds.path), syncBodyLimit, validJson(syncGuilds.body), async (c) =>
    c.json(await syncPresence(c.env, c.req.valid('json')), syncGuilds.answer.status, NO_STORE),
  )
  .on(getGuild.method, honoPath(getGuild.path), validParam(getGuild.params), async (c) =>
    c.json(await botGuild(c.env, c.req.valid('param').id), getGuild.answer.status, NO_STORE),
  )
  .on(putPresence.method, honoPath(putPresence.path), validParam(putPresence.params), validJson(putPresence.body), async (c) => {
    await reportPresence(c.env, c.req.valid('param').id, c.req.valid('json'));
    return c.body(null, putPresence.answer.status, NO_STORE);
  })
  .on(deletePresence.method, honoPath(deletePresence.path), validParam(deletePresence.params), async (c) => {
    await reportDeparture(c.env, c.req.valid('param').id);
    return c.body(null, deletePresence.answer.status, NO_STORE);
  })
  .on(putSetting.method, honoPath(putSetting.path), validParam(putSetting.params), validJson(putSetting.body), async (c) =>
    c.json(await botUpdateSetting(c.env, c.req.valid('param').id, c.req.valid('json'), liveOriginOf(c)), putSetting.answer.status, NO_STORE),
  )
  .on(getChanges.method, honoPath(getChanges.path), validQuery(getChanges.query), async (c) =>
    c.json(await botChanges(c.env, c.req.valid('query')), getChanges.answer.status, NO_STORE),
  )
  .get('/openapi.json', (c) => c.body(botOpenApiDocument(), 200, { 'Content-Type': 'application/json; charset=utf-8' }));
