import { expect, test, type Browser, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge; #mod-log and #general are text channels.
const KENJI = '/server/300000000000000001';

test.describe.configure({ mode: 'serial' });

async function ownerOnSettings(browser: Browser, { live = true } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // A page whose live socket goes nowhere hears no change, as when the change came while it was away.
  if (!live) await page.routeWebSocket(/\/live$/, () => undefined);
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `${KENJI}/logs`);
  return page;
}

const logsChannel = (page: Page) => page.getByRole('region', { name: 'Logs', exact: true }).getByRole('combobox', { name: 'Channel', exact: true });

test('two editors on one key: the second sees who changed it, and keeps theirs or takes the new one', async ({ browser }) => {
  const first = await ownerOnSettings(browser);
  const second = await ownerOnSettings(browser, { live: false });
  const before = await logsChannel(second).inputValue();

  await logsChannel(first).selectOption({ label: '#mod-log' });
  await expect(first.getByRole('region', { name: 'Logs', exact: true }).getByText('Saved ✓')).toBeVisible();
  const modLog = await logsChannel(first).inputValue();
  expect(modLog).not.toBe(before);

  // The second editor, not hearing the change, still shows the old value and picks another channel.
  await logsChannel(second).selectOption({ label: '#general' });
  const alert = second.getByRole('region', { name: 'Logs', exact: true }).getByRole('alert');
  // Both editors are Demo Owner: the other one is the same person, in another tab or browser.
  await expect(alert).toContainText('You (in another tab) changed this at');
  await expect(logsChannel(second)).toHaveValue(modLog);

  await alert.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByRole('region', { name: 'Logs', exact: true }).getByText('Saved ✓')).toBeVisible();
  const general = await logsChannel(second).inputValue();
  await gotoHydrated(first, `${KENJI}/logs`);
  await expect(logsChannel(first)).toHaveValue(general);
  await first.context().close();
  await second.context().close();
});

test('a change is reverted from Recent changes', async ({ browser }) => {
  const page = await ownerOnSettings(browser);
  const previous = await logsChannel(page).inputValue();
  await logsChannel(page).selectOption({ label: '#mod-log' });
  await expect(page.getByRole('region', { name: 'Logs', exact: true }).getByText('Saved ✓')).toBeVisible();

  // The panel lives on the overview.
  await page.getByRole('navigation', { name: 'Server settings' }).getByRole('link', { name: 'Overview' }).click();
  await page.getByText('Recent changes', { exact: true }).click();
  const changes = page.getByRole('list', { name: 'Recent changes' });
  await expect(changes.getByRole('listitem').first()).toContainText('#mod-log');
  await changes
    .getByRole('button', { name: /^Revert Logs/ })
    .first()
    .click();
  await expect(changes.getByRole('listitem').first()).toContainText('from #mod-log → to #general');
  await page.getByRole('combobox', { name: 'Module' }).selectOption({ label: 'Anti-Nuke' });
  await expect(page.getByText('No changes match.')).toBeVisible();
  await page.goBack();
  await expect(logsChannel(page)).toHaveValue(previous);

  // Leave Logs as the other specs expect it: no channel. The save's answer is awaited, not its two-second notice,
  // which a loaded machine can let pass between two looks.
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/update-server-settings') && res.request().method() === 'POST');
  await logsChannel(page).selectOption({ label: 'None' });
  expect((await saved).status()).toBe(200);
  await page.context().close();
});
