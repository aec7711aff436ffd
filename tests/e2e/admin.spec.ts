import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Entries this spec makes use servers and users other specs do not whitelist.
const MEMBER_ID = '100000000000000003';
const LOFI = '300000000000000003';
const ADMIN_HQ = '300000000000000005';

test.describe.configure({ mode: 'serial' });

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('Demo Member is redirected away from /admin', async ({ page }) => {
  await loginAs(page, 'Demo Member');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin.html');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Verifying permissions...')).toHaveCount(0);

  // A client-side navigation is turned away by the page itself.
  await gotoHydrated(page, '/servers');
  await page.evaluate(() => {
    history.pushState({}, '', '/admin');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Whitelist Administration' })).toHaveCount(0);
});

test('Demo Admin adds, edits and deletes entries', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Admin');
  await gotoHydrated(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Whitelist Administration' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Add: expiry defaults to 30 days.
  await expect(page.getByLabel('Expires in')).toHaveValue('month');
  await page.getByRole('combobox', { name: 'User', exact: true }).fill(MEMBER_ID);
  await page.getByRole('combobox', { name: 'Server', exact: true }).fill(LOFI);
  await page.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByText('Entry added')).toBeVisible();
  const row = rowOf(page, LOFI);
  await expect(row).toContainText('Demo Member');
  await expect(row).toContainText('Lofi Café');
  const in30 = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(row).toContainText(in30);

  // A duplicate add is refused with the spec's sentence.
  await page.getByRole('combobox', { name: 'User', exact: true }).fill(MEMBER_ID);
  await page.getByRole('combobox', { name: 'Server', exact: true }).fill(LOFI);
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const serverField = page.getByRole('combobox', { name: 'Server', exact: true });
  await expect(serverField).toHaveAttribute('aria-invalid', 'true');
  await expect(serverField).toHaveAccessibleDescription(/This server is already whitelisted!/);

  // Edit: Cancel changes nothing; Save moves the server and makes it permanent.
  await row.getByRole('button', { name: 'Edit entry for Lofi Café' }).click();
  await expect(page.getByLabel('New expiry')).toHaveValue('keep');
  await page.getByRole('combobox', { name: 'New server' }).fill(ADMIN_HQ);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, LOFI)).toHaveCount(1);

  await rowOf(page, LOFI).getByRole('button', { name: 'Edit entry for Lofi Café' }).click();
  await page.getByRole('combobox', { name: 'New server' }).fill(ADMIN_HQ);
  await page.getByLabel('New expiry').selectOption({ label: 'Permanent' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry updated')).toBeVisible();
  const moved = rowOf(page, ADMIN_HQ);
  await expect(moved).toContainText('Admin HQ');
  await expect(moved).toContainText('Permanent');
  await expect(rowOf(page, LOFI)).toHaveCount(0);

  // It is stored: a reload shows the same.
  await gotoHydrated(page, '/admin');
  await expect(rowOf(page, ADMIN_HQ)).toContainText('Permanent');

  // Filter over user and server.
  await page.getByRole('searchbox', { name: 'Filter by user or server' }).fill('demo member');
  await expect(rowOf(page, ADMIN_HQ)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Filter by user or server' }).fill('no such thing');
  await expect(page.getByText('No entries match "no such thing".')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter by user or server' }).fill('');

  // Delete asks first, in a dialog that names the entry: Cancel keeps it, confirming removes it.
  await rowOf(page, ADMIN_HQ).getByRole('button', { name: 'Delete entry for Admin HQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
  await expect(dialog).toContainText('Are you sure you want to delete this entry?');
  await expect(dialog).toContainText('Admin HQ');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, ADMIN_HQ)).toHaveCount(1);
  await rowOf(page, ADMIN_HQ).getByRole('button', { name: 'Delete entry for Admin HQ' }).click();
  await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click();
  await expect(page.getByText('Entry deleted')).toBeVisible();
  await expect(rowOf(page, ADMIN_HQ)).toHaveCount(0);
  // The refused duplicate logs its 409; nothing else (no hydration mismatch) may.
  expect(problems.filter((p) => !p.includes('409'))).toEqual([]);
});

test('the admin reaches the console by client-side navigation from the account menu', async ({ page }) => {
  await loginAs(page, 'Demo Admin');
  await page.getByRole('button', { name: 'Demo Admin' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Whitelist Administration' })).toBeVisible();
});

test('licensing a server the bot is not in needs a second confirmation', async ({ page }) => {
  const UNKNOWN_SERVER = '399999999999999999';
  await loginAs(page, 'Demo Admin');
  await gotoHydrated(page, '/admin');
  await page.getByRole('combobox', { name: 'User', exact: true }).fill(MEMBER_ID);
  await page.getByRole('combobox', { name: 'Server', exact: true }).fill(UNKNOWN_SERVER);
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const warning = page.getByRole('dialog', { name: 'The bot is not in this server' });
  await expect(warning).toContainText(UNKNOWN_SERVER);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, UNKNOWN_SERVER)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Entry' }).click();
  await page.getByRole('dialog', { name: 'The bot is not in this server' }).getByRole('button', { name: 'License it anyway' }).click();
  await expect(page.getByText('Entry added')).toBeVisible();
  const row = rowOf(page, UNKNOWN_SERVER);
  await expect(row).toContainText('Unknown');

  // A malformed id names the field as the form does.
  await page.getByRole('combobox', { name: 'User', exact: true }).fill('12345');
  await page.getByRole('combobox', { name: 'Server', exact: true }).fill(UNKNOWN_SERVER);
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const userField = page.getByRole('combobox', { name: 'User', exact: true });
  await expect(userField).toHaveAttribute('aria-invalid', 'true');
  await expect(userField).toHaveAccessibleDescription(/User ID must be a Discord user ID \(17–20 digits\)\./);
  await expect(userField).toBeFocused();

  await row.getByRole('button', { name: `Delete entry for ${UNKNOWN_SERVER}` }).click();
  await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click();
  await expect(rowOf(page, UNKNOWN_SERVER)).toHaveCount(0);
});

test('on a phone the entries are a list: every action is reachable without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'Demo Admin');
  await gotoHydrated(page, '/admin');
  await page.getByRole('combobox', { name: 'User', exact: true }).fill(MEMBER_ID);
  await page.getByRole('combobox', { name: 'Server', exact: true }).fill(LOFI);
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const row = rowOf(page, LOFI);
  await expect(row).toContainText('Lofi Café');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const action of ['Edit entry for Lofi Café', 'Delete entry for Lofi Café']) {
    const box = await row.getByRole('button', { name: action }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await row.getByRole('button', { name: 'Edit entry for Lofi Café' }).click();
  await expect(page.getByRole('combobox', { name: 'New server' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, LOFI).getByRole('button', { name: 'Delete entry for Lofi Café' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await dialog.getByRole('button', { name: 'Delete entry' }).click();
  await expect(rowOf(page, LOFI)).toHaveCount(0);
});

test('servers and users are picked by name with the keyboard, and a delete can be undone exactly', async ({ page }) => {
  await loginAs(page, 'Demo Admin');
  await gotoHydrated(page, '/admin');
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  const server = page.getByRole('combobox', { name: 'Server', exact: true });

  await user.fill('demo me');
  const userMatches = page.getByRole('listbox', { name: 'Matches for User' });
  await expect(userMatches.getByRole('option')).toHaveText([/Demo Member.*100000000000000003/]);
  await user.press('ArrowDown');
  await user.press('Enter');
  await expect(user).toHaveValue('Demo Member');
  await expect(page.getByText('User ID 100000000000000003')).toBeVisible();

  await server.fill('lofi');
  await expect(page.getByRole('listbox', { name: 'Matches for Server' }).getByRole('option')).toHaveText([/Lofi Café.*members.*300000000000000003/]);
  await server.press('ArrowDown');
  await server.press('Enter');
  await expect(server).toHaveValue('Lofi Café');
  await page.getByLabel('Expires in').selectOption({ label: '7 days' });
  await page.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByText('Entry added')).toBeVisible();
  const row = rowOf(page, LOFI);
  await expect(row).toContainText('Demo Member');
  const expiry = (await row.getByRole('cell').nth(2).textContent()) ?? '';

  await row.getByRole('button', { name: 'Delete entry for Lofi Café' }).click();
  await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click();
  await expect(rowOf(page, LOFI)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Entry restored')).toBeVisible();
  await expect(rowOf(page, LOFI).getByRole('cell').nth(2)).toHaveText(expiry);

  // Restored in storage too, with the same user, server and expiry.
  await gotoHydrated(page, '/admin');
  const stored = rowOf(page, LOFI);
  await expect(stored).toContainText('Demo Member');
  await expect(stored.getByRole('cell').nth(2)).toHaveText(expiry);
  await stored.getByRole('button', { name: 'Delete entry for Lofi Café' }).click();
  await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click();
  await expect(rowOf(page, LOFI)).toHaveCount(0);
});
