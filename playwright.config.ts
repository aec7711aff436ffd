import { defineConfig, devices } from '@playwright/test';

import { FIRST_PORT, SERVERS, serverOf } from './tests/e2e/helpers/servers';

// Debian's Chromium by default (Playwright's own download is not available everywhere).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  // One worker a server: each test's baseURL is its worker's app (tests/e2e/helpers/fixtures.ts).
  workers: SERVERS,
  retries: 0,
  // Two apps and two browsers share the machine's cores: a long walk takes up to half a minute.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // What `npm start` does, once per worker, each with fresh local storage.
    command: `node scripts/e2e-servers.ts ${FIRST_PORT} ${SERVERS}`,
    // They start one after the other: the last one up means all are.
    url: `${serverOf(SERVERS - 1).baseURL}/api/stats`,
    reuseExistingServer: false,
    timeout: 300_000,
  },
});
