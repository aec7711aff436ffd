import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoHydrated, loginAs, watchConsole } from './helpers';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge (bot) and Owner Sandbox (no bot),
// and has Manage Server in Glaive Studio.
const OWNER_ID = '100000000000000002';
const KENJI = '300000000000000001';
const GLAIVE = '300000000000000002';
const SANDBOX = '300000000000000004';

test.describe.configure({ mode: 'serial' });

/** Other specs may have licensed these servers: start from none, through the admin API. */
async function clearOwnerLicences(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, 'Demo Admin');
  const origin = new URL(page.url()).origin;
  const { servers } = (await (await page.request.get('/api/all-whitelisted-servers')).json()) as {
    servers: { _id: number; userID: string; serverID: string }[];
  };
  for (const entry of servers) {
    if (entry.userID === OWNER_ID || [KENJI, GLAIVE, SANDBOX].includes(entry.serverID)) {
      const res = await page.request.post('/api/delete-whitelisted-server', { data: { id: entry._id }, headers: { Origin: origin } });
      expect(res.ok()).toBe(true);
    }
  }
  await context.close();
}

async function openManage(page: Page) {
  await page.getByRole('button', { name: 'Manage Whitelist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addServer(page: Page, id: string) {
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await dialog.getByLabel('Server ID').fill(id);
  await dialog.getByRole('button', { name: 'Add Server' }).click();
}

test.beforeAll(async ({ browser }) => {
  await clearOwnerLicences(browser);
});

test('an owner without a whitelisted server gets the notice instead of the settings', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  await page.getByRole('link', { name: /Kenji Lounge/ }).click();
  const notice = page.getByRole('dialog', { name: 'No Whitelisted Servers' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(notice.getByRole('link', { name: 'Join the support community' })).toHaveAttribute('href', /^https:\/\//);
  await notice.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(notice).toHaveCount(0);
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
});

test('Demo Owner adds a server, hits the limit, replaces it; a duplicate is refused', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  const dialog = await openManage(page);
  await expect(dialog.getByText('Whitelisted servers (0)')).toBeVisible();
  await expect(dialog.getByLabel('Server ID')).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // An empty input is ignored.
  await dialog.getByRole('button', { name: 'Add Server' }).click();
  await expect(dialog.getByText('Whitelisted servers (0)')).toBeVisible();

  await addServer(page, KENJI);
  await expect(page.getByText('Server added to your whitelist')).toBeVisible();
  await expect(dialog.getByText('Whitelisted servers (1)')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Whitelisted servers' })).toContainText('Kenji Lounge');
  await expect(dialog.getByRole('list', { name: 'Whitelisted servers' })).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);

  await addServer(page, KENJI);
  await expect(page.getByText('This server is already whitelisted!')).toBeVisible();

  await addServer(page, SANDBOX);
  const replace = page.getByRole('dialog', { name: 'Replace a whitelisted server' });
  await expect(replace).toBeVisible();
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText('Please select a server to replace')).toBeVisible();
  await replace.getByRole('radio', { name: /Kenji Lounge/ }).check();
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(replace).toHaveCount(0);
  await expect(page.getByText('Server replaced')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Whitelisted servers' })).toContainText('Owner Sandbox');
  await expect(dialog.getByRole('list', { name: 'Whitelisted servers' })).not.toContainText('Kenji Lounge');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage Whitelist' })).toBeFocused();

  // The whitelist survives a reload, and with a licence the cards open the settings again.
  await gotoHydrated(page, '/servers');
  await expect((await openManage(page)).getByText('Owner Sandbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /Kenji Lounge/ }).click();
  await expect(page).toHaveURL(new RegExp(`/server/${KENJI}$`));
});

test('the whitelist modals work on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Demo Owner');
  const dialog = await openManage(page);
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Add Server' })).toBeInViewport();
  // Focus stays inside: tabbing past the last control comes back to the first.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await addServer(page, GLAIVE);
  const replace = page.getByRole('dialog', { name: 'Replace a whitelisted server' });
  await expect(replace.getByRole('button', { name: 'Replace' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(replace).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
