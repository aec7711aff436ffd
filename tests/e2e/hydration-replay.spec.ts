import { expect, test, type Page } from './helpers/fixtures';
import { DEMO_USERS, holdRequests, loginAs, watchConsole } from './helpers/page-actions';

// A click made while the page is painted but not yet hydrated is held (the control says it is busy) and made again
// once hydration ends (src/client/early-clicks.ts). The entry's response is held, so the page stays unhydrated for as
// long as the test needs, whatever the machine's speed.

/** Opens `path` with the client entry held back: the page paints, and hydrates only when `release` is called. */
async function paintedNotHydrated(page: Page, path: string) {
  const release = await holdRequests(page, '**/assets/main-*.js');
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-client-loaded', 'true');
  return release;
}

test('the theme toggle clicked before hydration switches the theme once the page has hydrated', async ({ page }) => {
  const problems = watchConsole(page);
  const release = await paintedNotHydrated(page, '/');
  const toggle = page.getByRole('button', { name: 'Switch to light mode' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  release();
  await expect(page.locator('html')).toHaveAttribute('data-client-loaded', 'true');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark mode' })).not.toHaveAttribute('aria-busy');
  expect(problems).toEqual([]);
});

test("the account menu clicked before a dashboard page has hydrated opens once it has, and clicks after hydration aren't held", async ({ page }) => {
  await loginAs(page, DEMO_USERS.owner);
  const release = await paintedNotHydrated(page, '/servers');
  const account = page.getByRole('button', { name: 'Demo Owner' });
  await account.click();
  await expect(account).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('menu')).toHaveCount(0);

  release();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(account).not.toHaveAttribute('aria-busy');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await account.click();
  await expect(page.getByRole('menu')).toBeVisible();
});
