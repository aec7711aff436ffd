import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { endSession, sessionMiddleware } from './auth/session';
import { csrfGuard } from './csrf';
import { deleteExpiredSessions } from './db/sessions';
import { pruneSettingsAudit } from './db/settings';
import { DiscordUnauthorizedError } from './discord/rest';
import { ApiError, toApiError } from './errors';
import type { AppEnv } from './hono-env';
import { messagePage } from './render/message-page';
import { renderPage } from './render/page';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { botRoutes } from './routes/bot';
import { serversRoutes } from './routes/servers';
import { settingsRoutes } from './routes/settings';
import { songsRoutes } from './routes/songs';
import { statsRoutes } from './routes/stats';
import { whitelistRoutes } from './routes/whitelist';
import { refreshStats } from './stats-refresh';

const MAX_JSON_BODY_BYTES = 64 * 1024;

const app = new Hono<AppEnv>();

app.use(
  '*',
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'self'"],
      // sonner and React style attributes inject inline styles; scripts stay nonce-only.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  }),
);

app.use('/api/*', csrfGuard);
app.use('*', sessionMiddleware);
app.use(
  '/api/*',
  bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} kB.`);
    },
  }),
);

app.route('/api', statsRoutes);
app.route('/api', authRoutes);
app.route('/api', songsRoutes);
app.route('/api', serversRoutes);
app.route('/api', settingsRoutes);
app.route('/api', whitelistRoutes);
app.route('/api', adminRoutes);
app.route('/api/bot', botRoutes);

app.all('/api/*', () => {
  throw new ApiError(404, 'NOT_FOUND', 'There is no such API endpoint.');
});

app.get('*', renderPage);

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

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(Promise.all([refreshStats(env), deleteExpiredSessions(env.DB), pruneSettingsAudit(env.DB)]));
  },
} satisfies ExportedHandler<Env>;

export { app };
