/**
 * The fake Discord: one Hono app serving Discord's OAuth2 pages and endpoints, the REST API v10 subset we
 * use, and test controls under `/__demo`. Web APIs only, so it runs on Node, in Vite and inside workerd.
 */
import { Hono } from 'hono';
import { createControlRoutes } from './controls.ts';
import { banOnInvalidRequests, logCalls, requireUserAgent } from './edge.ts';
import { createOAuthRoutes } from './oauth.ts';
import { indexPage } from './pages.ts';
import { createRestRoutes } from './rest.ts';
import { createState } from './state.ts';
import type { FakeDiscordOptions, FakeDiscordState } from './state.ts';

export type { RateLimitConfig, RouteLimit } from './ratelimit.ts';
export type { FakeDiscordOptions, FakeDiscordState, FaultConfig, FaultMode, CallRecord, TokenCallRecord } from './state.ts';
export { createDemoData, DEMO_BOT_TOKEN, DEMO_BOT_USER_ID, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_GUILD_IDS, DEMO_USER_IDS } from './data.ts';
export type { DemoData, DemoGuild, DemoMember } from './demo-types.ts';

export interface FakeDiscord {
  app: Hono;
  state: FakeDiscordState;
}

export function createFakeDiscord(options: FakeDiscordOptions = {}): FakeDiscord {
  const state = createState(options);
  const app = new Hono();
  app.use('*', logCalls(state));
  app.use('/api/*', banOnInvalidRequests(state));
  app.use('/api/*', requireUserAgent());
  app.get('/', (c) => c.html(indexPage()));
  app.route('/', createOAuthRoutes(state));
  app.route('/api/v10', createRestRoutes(state));
  app.route('/__demo', createControlRoutes(state));
  app.notFound((c) => c.json({ message: '404: Not Found', code: 0 }, 404));
  app.onError((error, c) => {
    console.error('fake discord:', error);
    return c.json({ message: '500: Internal Server Error', code: 0 }, 500);
  });
  return { app, state };
}
