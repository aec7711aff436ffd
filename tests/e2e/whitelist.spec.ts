import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

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

/** A server's card on /servers: its link, its license and bot state pills, its action. */
const serverCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The picker offers the owner's servers by name; 'Enter a server ID' is the fallback. */
async function addServer(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await dialog.getByRole('radio', { name }).check();
  await dialog.getByRole('button', { name: 'Add Server' }).click();
}

test.beforeEach(async ({ browser }) => {
  await clearOwnerLicences(browser);
});

test('an unlicensed server opens with the notice, and can be whitelisted from there', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  await expect(serverCard(page, 'Kenji Lounge')).toContainText('Not licensed');
  await page.getByRole('link', { name: 'Kenji Lounge' }).click();
  await expect(page).toHaveURL(new RegExp(`/server/${KENJI}$`));
  const notice = page.getByRole('region', { name: 'No Whitelisted Servers' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Join the support community' })).toHaveAttribute('href', /^https:\/\//);
  await notice.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(notice).toHaveCount(0);

  await page.getByRole('button', { name: 'Whitelist this server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Whitelist' });
  await expect(dialog.getByRole('radio', { name: 'Kenji Lounge' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add Server' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('licence-expiry')).toContainText('License expires:');
  await expect(page.getByRole('note')).toHaveCount(0);
  expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
});

test('Demo Owner picks a server, then replaces it at the limit with one confirmation; a duplicate is refused', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  const dialog = await openManage(page);
  await expect(dialog.getByText('Whitelisted servers (0)')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Kenji Lounge' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Add Server' })).toBeDisabled();

  await addServer(page, 'Kenji Lounge');
  await expect(page.getByText('Server added to your whitelist')).toBeVisible();
  await expect(dialog.getByText('Whitelisted servers (1)')).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Whitelisted servers' });
  await expect(list).toContainText('Kenji Lounge');
  await expect(list).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
  const expiry = /Expires (\w{3} \d{1,2}, \d{4})/.exec((await list.textContent()) ?? '')?.[1] ?? 'none';

  // The fallback for a server the list cannot show: its ID, typed.
  await dialog.getByRole('radio', { name: 'Enter a server ID' }).check();
  await dialog.getByRole('textbox', { name: 'Server ID' }).fill(KENJI);
  await dialog.getByRole('button', { name: 'Add Server' }).click();
  await expect(page.getByText('This server is already whitelisted!')).toBeVisible();

  await addServer(page, 'Glaive Studio');
  const replace = page.getByRole('dialog', { name: 'Replace a whitelisted server' });
  await expect(replace).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(replace.getByText('Please select a server to replace')).toHaveCount(0);
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(replace.getByRole('alert')).toHaveText('Please select a server to replace');
  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await replace.getByRole('radio', { name: /Kenji Lounge/ }).check();
  await expect(
    replace.getByText(
      `Replace Kenji Lounge with Glaive Studio? It keeps the ${expiry} expiry. Kenji Lounge loses its license: the bot's features stop working there.`,
    ),
  ).toBeVisible();
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText('Server replaced')).toBeVisible();
  await expect(list).toContainText('Glaive Studio');
  await expect(list).toContainText(`Expires ${expiry}`);
  await expect(list).not.toContainText('Kenji Lounge');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage Whitelist' })).toBeFocused();

  // The whitelist survives a reload, and the cards show it.
  await gotoHydrated(page, '/servers');
  await expect(serverCard(page, 'Glaive Studio')).toContainText(/License: (Active|Expires in \d+ days?)/);
  await expect(serverCard(page, 'Kenji Lounge')).toContainText('License: Not licensed');
  await expect(serverCard(page, 'Kenji Lounge').getByRole('button', { name: 'Whitelist this server' })).toBeVisible();
});

test('the whitelist dialog works on a phone, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Demo Owner');
  const dialog = await openManage(page);
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Focus stays inside: tabbing past the last control comes back to the first.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await addServer(page, 'Glaive Studio');
  await expect(dialog.getByText('Whitelisted servers (1)')).toBeVisible();
  await addServer(page, 'Kenji Lounge');
  const replace = page.getByRole('dialog', { name: 'Replace a whitelisted server' });
  await expect(replace.getByRole('button', { name: 'Replace' })).toBeInViewport();
  await replace.getByRole('radio', { name: /Glaive Studio/ }).check();
  await expect(replace.getByText(/^Replace Glaive Studio with Kenji Lounge\?/)).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(replace).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
