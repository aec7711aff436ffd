import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { BOT_SYNC_PATH } from '../shared/bot-api';
import { endSession } from './auth/session';
import { missingSettings, requireConfiguration } from './config';
import { csrfGuard } from './csrf';
import { prunePlayTickets } from './db/play-tickets';
import { pruneSettingsAudit } from './db/settings';
import { DiscordUnauthorizedError } from './discord/rest';
import { ApiError, toApiError } from './errors';
import type { AppEnv } from './hono-env';
import { messagePage } from './html/message-page';
import { contentSecurityPolicy } from './render/content-security-policy';
import { renderPage } from './render/page';
import { canonicalRedirect } from './render/canonical-url';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { botRoutes } from './routes/bot';
import { liveRoutes } from './routes/live';
import { serverAccessRoutes } from './routes/server-access';
import { serversRoutes } from './routes/servers';
import { settingsRoutes } from './routes/settings';
import { sessionsRoutes } from './routes/sessions';
import { songsRoutes } from './routes/songs';
import { statsRoutes } from './routes/stats';
import { whitelistRoutes } from './routes/whitelist';
import { securityHeaders } from './security-headers';
import { pruneDeletedLicences } from './services/licences';
import { pruneSessions } from './services/sessions';
import { pruneBotFeed } from './services/bot-feed';
import { pruneAbandonedSyncs } from './services/bot-presence';
import { staleAsOf, trackStaleness } from './discord/staleness';
import { reconcileLibraries } from './songs/reconcile';

const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * The same policy on every response (see render/content-security-policy.ts for why it has no nonce),
 * except where a route set a stricter one of its own (files are sandboxed).
 */
/** An answer built on Discord data that is a last known copy (Discord is down) says since when. */
const dataAge = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const asOf = staleAsOf();
  if (asOf !== null) c.res.headers.set('X-Data-As-Of', new Date(asOf).toISOString());
});

const csp = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', await contentSecurityPolicy(c.env.APP_ORIGIN));
});

// The bot API takes a Bearer token, never the cookie: a cross-site page has nothing ambient to ride on there.
const isBotApi = (c: Context) => c.req.path.startsWith('/api/bot/');

const api = new Hono<AppEnv>()
  .use('*', except(isBotApi, csrfGuard))
  .use(
    '*',
    except(
      (c) => c.req.path === BOT_SYNC_PATH,
      bodyLimit({
        maxSize: MAX_JSON_BODY_BYTES,
        onError: () => {
          throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} kB.`);
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
  .route('/', liveRoutes)
  .route('/', serverAccessRoutes)
  .route('/', whitelistRoutes)
  .route('/', adminRoutes)
  .route('/bot', botRoutes)
  .all('*', () => {
    throw new ApiError(404, 'NOT_FOUND', 'There is no such API endpoint.');
  });

const app = new Hono<AppEnv>().use('*', securityHeaders, csp, dataAge, requireConfiguration).route('/api', api).get('*', renderPage);

app.onError(async (error, c) => {
  const session = c.get('session');
  // Discord no longer accepts this user's token: the session is over, say so cleanly.
  if (error instanceof DiscordUnauthorizedError && session) await endSession(c, session.id).catch(() => undefined);
  const apiError = toApiError(error);
  if (apiError.status >= 500) console.error(`${c.req.method} ${c.req.path} failed`, error);
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  if (!c.req.path.startsWith('/api/')) {
    return c.html(messagePage('Something went wrong', apiError.message, { href: '/', label: 'Return to Home' }), apiError.status);
  }
  return c.json(apiError.body, apiError.status);
});

/** The whole app's type, for typed clients (`hc<AppType>`). */
export type AppType = typeof app;

export default {
  fetch: (request, env, ctx) => canonicalRedirect(request) ?? trackStaleness(() => Promise.resolve(app.fetch(request, env, ctx))),
  scheduled(_controller, env, ctx) {
    const missing = missingSettings(env, '/');
    if (missing.length > 0) {
      console.error(`configuration: ${missing.join(', ')} missing or too short; the cron does nothing`);
      return;
    }
    const defer = (work: Promise<unknown>) => ctx.waitUntil(work);
    const jobs = {
      syncs: pruneAbandonedSyncs(env),
      sessions: pruneSessions(env, defer),
      audit: pruneSettingsAudit(env.DB),
      feed: pruneBotFeed(env),
      songs: reconcileLibraries(env),
      playTickets: prunePlayTickets(env.DB),
      deletedLicences: pruneDeletedLicences(env),
    };
    // Each job on its own: one failing must not count as the song reconcile failing.
    ctx.waitUntil(
      Promise.allSettled(Object.values(jobs)).then((results) => {
        results.forEach((result, index) => {
          if (result.status === 'rejected') console.error(`cron job ${Object.keys(jobs)[index] ?? index} failed`, result.reason);
        });
      }),
    );
  },
} satisfies ExportedHandler<Env>;

export { app };
/** The Durable Object class of the GUILD_LIVE binding (wrangler.toml). */
export { GuildLive } from './live/guild-live';
