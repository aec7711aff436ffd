import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts, scripts/seed-demo.ts): Demo Owner owns Kenji Lounge, whose DJ role is
// seeded with read access; Demo Member holds Listeners and DJ there and manages nothing.
const KENJI_ID = '300000000000000001';
const KENJI = `/server/${KENJI_ID}`;

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: 'Demo Owner' | 'Demo Member'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, who);
  return page;
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Kenji Lounge's card on /servers: its link, and the pills that say the access and the bot's state. */
const kenjiCard = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Kenji Lounge', exact: true }) });

test('Demo Owner grants a role read access; Demo Member then sees Kenji Lounge read-only and cannot save', async ({ browser }) => {
  // Two people, four pages and an axe pass: about 30 s when the other worker's app shares the machine.
  test.slow();
  const owner = await signedIn(browser, 'Demo Owner');
  const member = await signedIn(browser, 'Demo Member');

  // The seeded grant: Demo Member (a DJ) sees the server, marked read-only.
  await expect(kenjiCard(member)).toContainText('Read-only access');

  // The owner removes the DJ grant: the server leaves the member's list at once.
  await gotoHydrated(owner, KENJI);
  await owner.getByText('Access', { exact: true }).click();
  const grants = owner.getByRole('list', { name: 'Roles with access' });
  await expect(grants).toContainText('@DJ');
  await owner.getByRole('button', { name: 'Remove access of @DJ' }).click();
  await expect(owner.getByText('No role has access yet.')).toBeVisible();
  await gotoHydrated(member, '/servers');
  await expect(member.getByRole('heading', { name: 'Your Servers' })).toBeVisible();
  await expect(kenjiCard(member)).toHaveCount(0);

  // The owner grants Listeners read access.
  const panel = owner.locator('details', { has: owner.getByText('Access', { exact: true }) });
  await panel.getByRole('combobox', { name: 'Role' }).selectOption({ label: '@Listeners' });
  await panel.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Read only' });
  await panel.getByRole('button', { name: 'Grant access' }).click();
  await expect(owner.getByRole('combobox', { name: 'Access of @Listeners' })).toHaveValue('read');
  // The toast that says so is checked as it stays, not half faded in (its colours are mid-animation before).
  await expect(owner.locator('[data-sonner-toast]').first()).toHaveCSS('opacity', '1');
  expect(await seriousAxeViolations(owner)).toEqual([]);

  // The member sees it, opens it read-only: the banner, every control disabled, no Access panel.
  await gotoHydrated(member, '/servers');
  await expect(kenjiCard(member)).toContainText('Read-only access');
  await kenjiCard(member).click();
  await member.waitForURL(`**${KENJI}`);
  await expect(member.getByText('Read-only.', { exact: false })).toBeVisible();
  // A reader can download the settings, and is offered nothing that would change them.
  await expect(member.getByRole('link', { name: 'Export' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Import…' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Copy settings from…' })).toHaveCount(0);
  await expect(member.getByText('Access', { exact: true })).toHaveCount(0);
  expect(await seriousAxeViolations(member)).toEqual([]);
  await member.getByRole('link', { name: 'Reaction Role', exact: true }).click();
  const settings = member.getByRole('group', { name: 'Settings' });
  const switches = settings.getByRole('switch');
  await expect(switches.first()).toBeDisabled();
  for (const control of await settings.locator('button, input, select, textarea').all()) await expect(control).toBeDisabled();
  await expect(member.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  // Read-only looks read-only: the values are text (selectable, 'Not set' when empty), with no editor's help or emoji list.
  const messageId = settings.getByRole('textbox', { name: 'Message ID' });
  await expect(messageId).toHaveAttribute('aria-readonly', 'true');
  await expect(messageId).toHaveCSS('user-select', 'text');
  await expect(settings.locator('input, textarea')).toHaveCount(0);
  await expect(settings.getByRole('button', { name: 'Choose an emoji' })).toHaveCount(0);
  expect(await seriousAxeViolations(member)).toEqual([]);
  // Disabled Commands: the list without ×, and no search to add more.
  await member.getByRole('link', { name: /^Disabled Commands/ }).click();
  await expect(member.getByRole('searchbox', { name: 'Search commands' })).toBeHidden();
  await expect(member.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // The Worker refuses a save all the same.
  const origin = new URL(member.url()).origin;
  const refused = await member.request.post('/api/update-server-settings', {
    data: { serverID: KENJI_ID, section: 'antimp3', key: 'enabled', value: true },
    headers: { Origin: origin },
  });
  expect(refused.status()).toBe(403);

  await owner.context().close();
  await member.context().close();
});
