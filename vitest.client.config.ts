import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure logic and React components, in a simulated DOM. tests/conformance checks against Discord's OpenAPI document,
// which is not ours to commit: without it those tests fail, saying where to put it (tests/fixtures/discord-openapi/README.md).
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The Worker's Discord client runs here under tests/conformance, to record the requests it makes; of workerd's
    // own module it needs only waitUntil.
    alias: { 'cloudflare:workers': fileURLToPath(new URL('./tests/helpers/cloudflare-workers.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts', 'tests/fake-discord/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
    // A test's time is not what it checks: a machine busy with other work must not fail one (timings live in scripts/bench/).
    testTimeout: 30_000,
    environment: 'happy-dom',
    // Scripts a test adds (tests/client/script-loader.test.ts) are never fetched; they count as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    setupFiles: ['./tests/client/helpers/setup.ts'],
  },
});
