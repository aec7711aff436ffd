import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
const FAKE_DISCORD_PORT = PORT + 1;
export const BASE_URL = `http://localhost:${PORT}`;

// Debian's Chromium by default (Playwright's own download is not available everywhere).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The same command a user runs, on its own ports and with fresh local storage.
    command: 'node scripts/start.ts',
    url: `${BASE_URL}/api/stats`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(PORT),
      FAKE_DISCORD_PORT: String(FAKE_DISCORD_PORT),
      PERSIST_DIR: '.wrangler/e2e-state',
      FRESH_STATE: '1',
    },
  },
});
