import { expect, testServer, type Page } from './fixtures';

/** Waits until React has hydrated the page (App sets the flag in an effect). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
  return response;
}

/** Collects console errors and React hydration warnings for a test to assert on. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    // Pages of other origins (the fake Discord's login page) are not ours to judge.
    const origin = new URL(testServer().baseURL).origin;
    const ours = !msg.location().url || msg.location().url.startsWith(origin);
    if (ours && (msg.type() === 'error' || /hydrat/i.test(msg.text()))) problems.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export const DEMO_USERS = {
  admin: 'Demo Admin',
  owner: 'Demo Owner',
  member: 'Demo Member',
} as const;

/** Logs in through the real redirect flow: /api/auth → fake Discord authorize page → callback. */
export async function loginAs(page: Page, who: (typeof DEMO_USERS)[keyof typeof DEMO_USERS]) {
  await page.goto('/api/auth');
  await page.getByRole('button', { name: `Continue as ${who}` }).click();
  await page.waitForURL('**/servers');
  await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
}

/** Holds the page's requests to `url` (a glob) until the returned function is called, to look at the page before. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
