/**
 * The JSON API under `/api`: the CSRF guard, the body limit, one sub-app per resource. Apart from index.ts so that
 * its type, registered below for the typed keys and client (src/shared/api-schema.ts), is emitted without render/.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { API_MAX_JSON_BODY_BYTES, BOT_API_MOUNT, BOT_SYNC_PATH, isBotApiPath } from '../shared/bot-api';
import { csrfGuard } from './csrf';
import { ApiError } from './errors';
import type { AppEnv } from './hono-env';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { botRoutes } from './routes/bot';
import { liveRoutes } from './routes/live';
import { membersRoutes } from './routes/members';
import { serverAccessRoutes } from './routes/server-access';
import { serversRoutes } from './routes/servers';
import { settingsRoutes } from './routes/settings';
import { sessionsRoutes } from './routes/sessions';
import { songsRoutes } from './routes/songs';
import { statsRoutes } from './routes/stats';
import { whitelistRoutes } from './routes/whitelist';

// The bot API takes a Bearer token, never the cookie: a cross-site page has nothing ambient to ride on there.
const isBotApi = (c: Context) => isBotApiPath(c.req.path);

export const api = new Hono<AppEnv>()
  .use('*', except(isBotApi, csrfGuard))
  .use(
    '*',
    except(
      (c) => c.req.path === BOT_SYNC_PATH,
      bodyLimit({
        maxSize: API_MAX_JSON_BODY_BYTES,
        onError: () => {
          throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${API_MAX_JSON_BODY_BYTES / 1024} kB.`);
        },
      }),
    ),
  )
  .route('/', statsRoutes)
  .route('/', authRoutes)
  .route('/', sessionsRoutes)
  .route('/', songsRoutes)
  .route('/', serversRoutes)
  .route('/', settingsRoutes)
  .route('/', membersRoutes)
  .route('/', liveRoutes)
  .route('/', serverAccessRoutes)
  .route('/', whitelistRoutes)
  .route('/', adminRoutes)
  .route(BOT_API_MOUNT, botRoutes)
  .all('*', () => {
    throw new ApiError(404, 'NOT_FOUND', 'There is no such API endpoint.');
  });

/** Every endpoint with its input and answer, for the typed client; its paths are relative to `/api`. */
export type ApiType = typeof api;

// Registered, not imported: src/shared and src/client read the routes' type without an import arrow up into the Worker.
declare module '../shared/api-schema' {
  interface ApiRegistry {
    api: ApiType;
  }
}
