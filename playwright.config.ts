import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
/** One app per worker (scripts/e2e-servers.ts): worker k has ports PORT + 2k (the app) and PORT + 2k + 1 (the fake Discord). */
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const baseUrl = (index: number) => `http://localhost:${PORT + 2 * index}`;

/** The first server's share of the spec files, about half the run; the second takes every other file (new ones too). */
const FIRST_SHARE = ['library.spec.ts', 'public.spec.ts', 'login.spec.ts'];
const shares = SERVERS === 1 ? [{}] : [{ testMatch: FIRST_SHARE }, { testIgnore: FIRST_SHARE }];

// Debian's Chromium by default (Playwright's own download is not available everywhere).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: shares.length,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // Each project is one worker's share of the files against its own server.
  projects: shares.map((share, index) => ({ name: `chromium-${index}`, ...share, use: { ...devices['Desktop Chrome'], baseURL: baseUrl(index) } })),
  webServer: {
    // What `npm start` does, once per worker, each with fresh local storage.
    command: `node scripts/e2e-servers.ts ${PORT} ${shares.length}`,
    url: `${baseUrl(shares.length - 1)}/api/stats`,
    reuseExistingServer: false,
    timeout: 300_000,
  },
});
