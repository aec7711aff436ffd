import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { createFakeDiscord } from './dev/fake-discord/app.ts';
import { DEMO_BOT_TOKEN, DEMO_CLIENT_SECRET } from './dev/fake-discord/data.ts';
import { DEMO_ADMIN_ID, DEMO_CLIENT_ID } from './src/worker/demo-values.ts';
import { parseBotGuildCount } from './dev/fake-discord/generated.ts';
import { defaultRateLimits } from './dev/fake-discord/ratelimit.ts';
import { clientManifest } from './vite-plugins/client-manifest.ts';
import { moduleAliases } from './vite-plugins/module-aliases.ts';

// Worker tests run inside workerd with real local D1, R2, KV and the rate limiter.
// Every outbound request (Discord) is answered by the fake Discord running in this Node process.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  // Discord's limits, enforced, except the user's guild list at 5 a second instead of 1: most tests start from an
  // empty KV and would otherwise each wait out a second (tests/fake-discord/rules.test.ts holds the strict rule).
  const limits = defaultRateLimits();
  const fake = createFakeDiscord({
    botGuilds: parseBotGuildCount(process.env.FAKE_DISCORD_BOT_GUILDS),
    rateLimits: { ...limits, routes: { ...limits.routes, 'GET /users/@me/guilds': { limit: 5, windowMs: 1000 } } },
  });
  return {
    resolve: { alias: moduleAliases },
    plugins: [
      clientManifest(),
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            DISCORD_CLIENT_ID: DEMO_CLIENT_ID,
            ADMIN_IDS: DEMO_ADMIN_ID,
            DISCORD_CLIENT_SECRET: DEMO_CLIENT_SECRET,
            DISCORD_BOT_TOKEN: DEMO_BOT_TOKEN,
            SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
            TOKEN_ENCRYPTION_KEY: 'test-token-encryption-key-long-enough-0123456789',
            APP_ORIGIN: 'http://localhost',
            BOT_API_TOKEN: 'test-bot-api-token-0123456789abcdef',
            DISCORD_TIMEOUT_MS: '1500',
          },
          outboundService: (request: Request) => fake.app.fetch(request),
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      // A test's time is not what it checks: a machine busy with other work must not fail one (timings live in scripts/bench/).
      testTimeout: 30_000,
      setupFiles: ['./tests/worker/helpers/setup.ts'],
      // workerd reports an errored response stream as an unhandled rejection even when the reader handles
      // it; the fault suite errors a zip on purpose (a member vanishing mid-stream) and asserts on it.
      onUnhandledError: (error: { message?: string }) => !(error.message ?? '').includes('changed or disappeared while zipping'),
    },
  };
});
