import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, testServer } from './helpers/fixtures';
import { DEMO_USERS, gotoHydrated, holdRequests, loginAs, watchConsole } from './helpers/page-actions';

test('Demo Owner logs in through Discord and sees the servers they manage', async ({ page }) => {
  const problems = watchConsole(page);
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByRole('button', { name: 'Continue as Demo Owner' }).click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByRole('heading', { name: 'Your Servers' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Kenji Lounge/ })).toHaveAttribute('href', '/server/300000000000000001');
  await expect(page.getByRole('link', { name: /Glaive Studio/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Lofi Café/ })).toHaveCount(0);
  await expect(page.getByText(/Users: [\d,]+/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add bot to Owner Sandbox' })).toHaveAttribute('href', '/api/invite?guild_id=300000000000000004');
  await expect(page.getByRole('button', { name: 'Demo Owner' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('Demo Member manages nothing: sees only the server a role grant opens, read-only, and no Admin link', async ({ page }) => {
  await loginAs(page, DEMO_USERS.member);
  // The demo seeds Kenji Lounge's DJ role (Demo Member holds it) with read access (scripts/seed-demo.ts).
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Kenji Lounge', exact: true }) })).toContainText('Read-only access');
  await page.getByRole('button', { name: 'Demo Member' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
});

test('Demo Admin gets the Admin link; the dropdown closes on Escape and outside clicks', async ({ page }) => {
  await loginAs(page, DEMO_USERS.admin);
  const account = page.getByRole('button', { name: 'Demo Admin' });
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Server Manager' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await account.click();
  await page.getByRole('heading', { name: 'Your Servers' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test("'Server Manager' is hidden under /bite", async ({ page }) => {
  await loginAs(page, DEMO_USERS.owner);
  await gotoHydrated(page, '/bite');
  await page.getByRole('button', { name: 'Demo Owner' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Server Manager' })).toHaveCount(0);
});

test('the landing page offers the dashboard once logged in', async ({ page }) => {
  await loginAs(page, DEMO_USERS.owner);
  await gotoHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Open Dashboard' })).toHaveAttribute('href', '/servers');
});

test('Sign Out ends the session: the server list is gone, also after a reload', async ({ page }) => {
  await loginAs(page, DEMO_USERS.owner);
  await page.getByRole('button', { name: 'Demo Owner' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await gotoHydrated(page, '/servers');
  await expect(page.getByText('Welcome to ServerManager')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Servers' })).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.includes('sm_session'))).toBe(false);
  expect(cookies.some((c) => c.name === 'sm_signed_in')).toBe(false);
});

test('a prerendered page shows a signed-in visitor a placeholder, never Login, until it knows them', async ({ page }) => {
  await loginAs(page, DEMO_USERS.owner);
  const release = await holdRequests(page, '**/api/check-auth');
  await gotoHydrated(page, '/commands');
  await expect(page.locator('.account-pending')).toBeVisible();
  await expect(page.locator('header').getByText('Login', { exact: true })).toBeHidden();
  release();
  await expect(page.getByRole('button', { name: 'Demo Owner' })).toBeVisible();
  await expect(page.locator('.account-pending')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
});

test('a tampered state is refused with a clear page', async ({ page }) => {
  const response = await page.goto('/api/successful-auth?code=abc&state=forged');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'Login failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/api/auth');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const who of [DEMO_USERS.owner, DEMO_USERS.member]) {
    test(`the header with ${who}'s account menu fits the screen`, async ({ page }) => {
      await loginAs(page, who);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await page.getByRole('button', { name: who }).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    });
  }
});

test("'Sign out everywhere' signs out the user's other browser too", async ({ browser }) => {
  const { baseURL } = testServer();
  const here = await (await browser.newContext({ baseURL })).newPage();
  const there = await (await browser.newContext({ baseURL })).newPage();
  await loginAs(here, DEMO_USERS.owner);
  await loginAs(there, DEMO_USERS.owner);

  // The Sessions view lists this browser's session (marked) and the other one (earlier tests' sessions may be there too).
  await there.getByRole('button', { name: 'Demo Owner' }).click();
  await there.getByRole('menuitem', { name: 'Sessions' }).click();
  const dialog = there.getByRole('dialog', { name: 'Sessions' });
  await expect(dialog.getByText('This device')).toHaveCount(1);
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await here.getByRole('button', { name: 'Demo Owner' }).click();
  await here.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await here.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(here).toHaveURL(/\/$/);
  await expect(here.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  await gotoHydrated(there, '/servers');
  await expect(there.getByText('Welcome to ServerManager')).toBeVisible();
  await expect(there.getByRole('heading', { name: 'Your Servers' })).toHaveCount(0);
  await expect(there.getByRole('button', { name: 'Demo Owner' })).toHaveCount(0);
  await here.context().close();
  await there.context().close();
});

test('the local D1 files hold no Discord token in clear', async ({ page }) => {
  await loginAs(page, DEMO_USERS.admin);
  const { fakeDiscord, stateDir } = testServer();
  const issued: { tokens: { accessToken: string | null; refreshToken: string }[] } = await (await fetch(`${fakeDiscord}/__demo/tokens`)).json();
  const { tokens } = issued;
  const secrets = tokens.flatMap((t) => [t.accessToken, t.refreshToken]).filter((t): t is string => t !== null);
  expect(secrets.length).toBeGreaterThan(1);
  const files = readdirSync(join(stateDir, 'v3', 'd1'), { recursive: true, encoding: 'utf8' })
    .map((name) => join(stateDir, 'v3', 'd1', name))
    .filter((path) => statSync(path).isFile());
  expect(files.some((path) => path.endsWith('.sqlite'))).toBe(true);
  for (const path of files) {
    const bytes = readFileSync(path).toString('latin1');
    for (const secret of secrets) expect(bytes.includes(secret), `${path} contains a token`).toBe(false);
  }
});
