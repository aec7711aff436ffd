import { Hono } from 'hono';
import { API_BASE } from '../shared/api-base';
import { endSession } from './auth/session';
import { missingSettings, requireConfiguration } from './config';
import { prunePlayTickets } from './db/play-tickets';
import { pruneSettingsAudit } from './db/settings';
import { DiscordUnauthorizedError } from './discord/rest';
import { ApiError, toApiError } from './errors';
import { api } from './api-app';
import type { AppEnv } from './hono-env';
import { messagePage } from './html/message-page';
import { contentSecurityPolicy } from './render/content-security-policy';
import { renderPage } from './render/page';
import { assignRequestId, logErrors } from './request-log';
import { canonicalRedirect } from './render/canonical-url';
import { securityHeaders } from './security-headers';
import { pruneDeletedLicences } from './services/admin-licences';
import { pruneSessions } from './services/sessions';
import { pruneBotFeed } from './services/bot-feed';
import { pruneOldSyncs } from './services/bot-presence';
import { pruneLiveSocketRecords } from './services/live';
import { reconcileLibraries } from './songs/reconcile';

/** The same policy on every response; see render/content-security-policy.ts for why it has no nonce. */
const pagePolicy = (env: Env) => contentSecurityPolicy(env.APP_ORIGIN);

const app = new Hono<AppEnv>()
  .use('*', assignRequestId, logErrors, securityHeaders(pagePolicy), requireConfiguration)
  .route(API_BASE, api)
  .get('*', renderPage);

app.onError(async (error, c) => {
  const session = c.get('session');
  // Discord no longer accepts this user's token: the session is over, say so cleanly.
  if (error instanceof DiscordUnauthorizedError && session) await endSession(c, session.id).catch(() => undefined);
  const apiError = toApiError(error);
  // Our own errors say what happened in their code; anything else needs its stack to be found.
  if (apiError.status >= 500 && !(error instanceof ApiError)) c.set('logDetail', error instanceof Error ? (error.stack ?? error.message) : String(error));
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  if (!c.req.path.startsWith('/api/')) {
    return c.html(messagePage('Something went wrong', apiError.message, { href: '/', label: 'Return to Home' }, c.var.requestId), apiError.status);
  }
  return c.json(apiError.body, apiError.status);
});

export default {
  fetch: async (request, env, ctx) => (await canonicalRedirect(request)) ?? app.fetch(request, env, ctx),
  scheduled(_controller, env, ctx) {
    const missing = missingSettings(env, '/');
    if (missing.length > 0) {
      console.error(`configuration: ${missing.map((problem) => problem.name).join(', ')} missing, too short or the demo's; the cron does nothing`);
      return;
    }
    const defer = (work: Promise<unknown>) => ctx.waitUntil(work);
    const jobs = {
      syncs: pruneOldSyncs(env),
      sessions: pruneSessions(env, defer),
      audit: pruneSettingsAudit(env.DB),
      feed: pruneBotFeed(env),
      songs: reconcileLibraries(env),
      playTickets: prunePlayTickets(env.DB),
      deletedLicences: pruneDeletedLicences(env),
      liveSockets: pruneLiveSocketRecords(env),
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
