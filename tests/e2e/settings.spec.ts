import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './helpers/fixtures';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge and is a plain member of Lofi Café.
const KENJI = '/server/300000000000000001';
const LOFI = '/server/300000000000000003';
const MESSAGE_ID = '600000000000000001';
const TICKET_MESSAGE_ID = '600000000000000002';

test.describe.configure({ mode: 'serial' });

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const toggleOf = (page: Page, title: string) => section(page, title).getByRole('switch');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Server settings' });
const card = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Modules' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function settled(page: Page) {
  await expect(page.getByText('Saving…')).toHaveCount(0);
}

async function choose(select: Locator, label: string, page: Page) {
  await select.selectOption({ label });
  await settled(page);
}

/** Opens a module from the navigation and waits for its view. */
async function open(page: Page, title: string) {
  await nav(page)
    .getByRole('link', { name: new RegExp(`^${title}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

async function enable(page: Page, title: string) {
  const toggle = toggleOf(page, title);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await settled(page);
}

const trustedMembers = (page: Page) => section(page, 'Anti-Nuke').getByRole('combobox', { name: 'Search members to add to trusted members' });

async function fillAndCommit(input: Locator, text: string, page: Page) {
  await input.fill(text);
  await input.press('Enter');
  await settled(page);
}

test('logged out, the settings page shows the login prompt', async ({ page }) => {
  await gotoHydrated(page, KENJI);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kenji Lounge' })).toHaveCount(0);
});

test('a server the user is not in, or an id that is not a Discord id, is the 404 page', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  for (const path of ['/server/300000000000000005', '/server/not-an-id']) {
    const response = await gotoHydrated(page, path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
  }
  // Client-side, the same: from the server list to a server that is not there.
  await gotoHydrated(page, '/servers');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/server/not-an-id');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
});

test('a server the user is in but may not open says so (403) and how to get access, first paint and client-side', async ({ page }) => {
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  const response = await gotoHydrated(page, LOFI);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: "You can't open this server's settings" })).toBeVisible();
  await expect(page.getByText("in the Access panel of this server's settings", { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Back to servers' }).click();
  await expect(page.getByRole('heading', { name: 'Your Servers' })).toBeVisible();
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, LOFI);
  await expect(page.getByRole('heading', { level: 1, name: "You can't open this server's settings" })).toBeVisible();
  expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
});

test('every module saves on its own page, survives a reload, and a switch that needs a field takes you to it', async ({ page }) => {
  // Ten modules, each opened, saved and reloaded: three times the usual time.
  test.slow();
  const problems = watchConsole(page);
  await loginAs(page, 'Demo Owner');
  // Server-rendered: a module's address has its controls in the HTML before any script runs.
  const html = await (await page.request.get(`${KENJI}/auto-role`)).text();
  expect(html).toContain('Kenji Lounge');
  expect(html).toContain('Enable Auto-Role');

  await gotoHydrated(page, KENJI);
  await expect(page.getByRole('heading', { level: 1, name: 'Kenji Lounge' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to servers/ })).toBeVisible();
  for (const title of ['Auto-Role', 'Welcome Message', 'Logs', 'Reaction Role', 'Starboard', 'Ticket']) {
    await expect(card(page, title)).toContainText('Needs setup');
  }
  await expect(card(page, 'Auto-Role')).toContainText('Set a role to enable Auto-Role.');

  // Auto-Role from its card: the switch takes the owner to the role, and turns on once it is chosen.
  await card(page, 'Auto-Role').getByRole('link').click();
  await expect(page).toHaveURL(`${KENJI}/auto-role`);
  const role = section(page, 'Auto-Role').getByLabel('Role', { exact: true });
  await expect(role.getByRole('option', { name: 'Moderators (above the bot)' })).toBeDisabled();
  await toggleOf(page, 'Auto-Role').click();
  await expect(page).toHaveURL(`${KENJI}/auto-role?enable=1`);
  await expect(role).toBeFocused();
  await expect(section(page, 'Auto-Role')).toContainText('Set a role to enable Auto-Role. It turns on as soon as you do.');
  await choose(role, 'DJ', page);
  await expect(toggleOf(page, 'Auto-Role')).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(`${KENJI}/auto-role`);

  // Anti-Nuke and Anti-MP3 need nothing.
  await open(page, 'Anti-Nuke');
  await enable(page, 'Anti-Nuke');
  await fillAndCommit(trustedMembers(page), '100000000000000002,100000000000000003', page);
  await open(page, 'Anti-MP3');
  await enable(page, 'Anti-MP3');

  // Welcome Message: the intent is in the address, so a reload (or a shared link) keeps it.
  await open(page, 'Welcome Message');
  await toggleOf(page, 'Welcome Message').click();
  await expect(page).toHaveURL(`${KENJI}/welcome-message?enable=1`);
  await page.reload();
  await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
  await expect(section(page, 'Welcome Message')).toContainText('It turns on as soon as you do.');
  await choose(section(page, 'Welcome Message').getByLabel('Channel', { exact: true }), '#welcome', page);
  await expect(toggleOf(page, 'Welcome Message')).toHaveAttribute('aria-checked', 'true');

  // Jail has no switch; Logs the field first, then the switch.
  await open(page, 'Jail');
  await choose(section(page, 'Jail').getByLabel('Jail channel', { exact: true }), '#general', page);
  await open(page, 'Logs');
  await choose(section(page, 'Logs').getByLabel('Channel', { exact: true }), '#mod-log', page);
  await enable(page, 'Logs');

  // Reaction Role needs a role and a message ID: the switch goes to the first one missing, and waits for both.
  await open(page, 'Reaction Role');
  await choose(section(page, 'Reaction Role').getByLabel('Role', { exact: true }), 'Listeners', page);
  await expect(toggleOf(page, 'Reaction Role')).toHaveAttribute('aria-checked', 'false');
  await toggleOf(page, 'Reaction Role').click();
  const messageId = section(page, 'Reaction Role').getByLabel('Message ID', { exact: true });
  await expect(messageId).toBeFocused();
  await fillAndCommit(messageId, MESSAGE_ID, page);
  await expect(toggleOf(page, 'Reaction Role')).toHaveAttribute('aria-checked', 'true');
  await fillAndCommit(section(page, 'Reaction Role').getByLabel('Emoji name', { exact: true }), '⭐', page);

  await open(page, 'Starboard');
  await choose(section(page, 'Starboard').getByLabel('Starboard channel', { exact: true }), '#song-requests', page);
  await enable(page, 'Starboard');

  // Disabled Commands: search, Enter adds the first match, click adds, × removes
  await open(page, 'Disabled Commands');
  const commands = section(page, 'Disabled Commands');
  const search = commands.getByRole('searchbox', { name: 'Search commands' });
  await search.fill('BAN');
  const firstMatch =
    (await commands.getByRole('list', { name: 'Matching commands' }).getByRole('button').first().getAttribute('aria-label'))?.replace('Disable ', '') ?? '';
  expect(firstMatch.toLowerCase()).toContain('ban');
  await search.press('Enter');
  await expect(commands.getByRole('button', { name: `Remove ${firstMatch}` })).toBeVisible();
  await settled(page);
  await search.fill('kick');
  await commands.getByRole('button', { name: 'Disable kick' }).click();
  await settled(page);
  await search.fill('purge');
  await commands.getByRole('button', { name: 'Disable purge' }).click();
  await settled(page);
  await commands.getByRole('button', { name: 'Remove purge' }).click();
  await settled(page);
  // An already disabled command is not offered again.
  await search.fill('kick');
  await expect(commands.getByRole('button', { name: 'Disable kick' })).toHaveCount(0);
  await search.fill('');

  // Ticket: the fields first, then the switch.
  await open(page, 'Ticket');
  await fillAndCommit(section(page, 'Ticket').getByLabel('Message ID', { exact: true }), TICKET_MESSAGE_ID, page);
  await expect(section(page, 'Ticket')).toContainText('Set a staff role to enable Ticket.');
  await choose(section(page, 'Ticket').getByLabel('Staff role', { exact: true }), 'Moderators', page);
  await fillAndCommit(section(page, 'Ticket').getByLabel('Emoji', { exact: true }), '🎫', page);
  await enable(page, 'Ticket');

  // The overview, reloaded, says what is on, each with its switch on its card.
  await gotoHydrated(page, KENJI);
  for (const title of ['Anti-Nuke', 'Anti-MP3', 'Auto-Role', 'Welcome Message', 'Logs', 'Reaction Role', 'Starboard', 'Ticket']) {
    await expect(card(page, title).getByRole('switch', { name: `${title} module` }), title).toHaveAttribute('aria-checked', 'true');
  }
  // A module switched off from its card stays off after a reload, and on again the same way.
  const antiMp3 = () => card(page, 'Anti-MP3').getByRole('switch', { name: 'Anti-MP3 module' });
  // The card's switch shows no 'Saving…': its answer is what the reload must wait for.
  const savedOff = page.waitForResponse((res) => res.url().endsWith('/api/update-server-settings') && res.request().method() === 'POST');
  await antiMp3().click();
  expect((await savedOff).ok()).toBe(true);
  await gotoHydrated(page, KENJI);
  await expect(antiMp3()).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('7 of 8 switched on')).toBeVisible();
  await antiMp3().click();
  await expect(antiMp3()).toHaveAttribute('aria-checked', 'true');
  await settled(page);
  await expect(card(page, 'Jail').locator('[data-status]')).toHaveText('Set');
  await expect(card(page, 'Disabled Commands').locator('[data-status]')).toHaveText('2 disabled');

  // Each module's own address, loaded afresh, shows what was saved.
  const at = async (module: string) => gotoHydrated(page, `${KENJI}/${module}`);
  await at('anti-nuke');
  // Trusted by pasted id, shown by name on this later visit: the server read them through the bot.
  for (const name of ['Demo Owner', 'Memb']) await expect(section(page, 'Anti-Nuke').getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  await at('auto-role');
  await expect(section(page, 'Auto-Role').getByLabel('Role', { exact: true }).locator('option:checked')).toHaveText('DJ');
  await at('welcome-message');
  await expect(section(page, 'Welcome Message').getByLabel('Channel', { exact: true }).locator('option:checked')).toHaveText('#welcome');
  await at('jail');
  await expect(section(page, 'Jail').getByLabel('Jail channel', { exact: true }).locator('option:checked')).toHaveText('#general');
  await at('reaction-role');
  await expect(section(page, 'Reaction Role').getByLabel('Role', { exact: true }).locator('option:checked')).toHaveText('Listeners');
  await expect(section(page, 'Reaction Role').getByLabel('Message ID', { exact: true })).toHaveValue(MESSAGE_ID);
  await expect(section(page, 'Reaction Role').getByLabel('Emoji name', { exact: true })).toHaveValue('⭐');
  await at('starboard');
  await expect(section(page, 'Starboard').getByLabel('Starboard channel', { exact: true }).locator('option:checked')).toHaveText('#song-requests');
  await at('disabled-commands');
  await expect(commands.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expect(commands.getByRole('button', { name: `Remove ${firstMatch}` })).toBeVisible();
  await expect(commands.getByRole('button', { name: 'Remove kick' })).toBeVisible();
  await at('ticket');
  await expect(section(page, 'Ticket').getByLabel('Message ID', { exact: true })).toHaveValue(TICKET_MESSAGE_ID);
  await expect(section(page, 'Ticket').getByLabel('Staff role', { exact: true }).locator('option:checked')).toHaveText('Moderators');
  await expect(section(page, 'Ticket').getByLabel('Emoji', { exact: true })).toHaveValue('🎫');

  // Clearing a required field switches its module off.
  await at('logs');
  await expect(toggleOf(page, 'Logs')).toHaveAttribute('aria-checked', 'true');
  await choose(section(page, 'Logs').getByLabel('Channel', { exact: true }), 'None', page);
  await expect(toggleOf(page, 'Logs')).toHaveAttribute('aria-checked', 'false');
  await expect(section(page, 'Logs')).toContainText('Set a channel to enable Logs.');

  // The recent changes panel, on the overview, lists who changed what.
  await nav(page).getByRole('link', { name: 'Overview' }).click();
  await page.getByText('Recent changes', { exact: true }).click();
  const changes = page.getByRole('list', { name: 'Recent changes' });
  await expect(changes.getByRole('listitem').first()).toContainText(/^Demo Owner changed Logs › Enabled from on → to off/);
  expect(problems).toEqual([]);
});

test('back and forward move between the overview and the modules; another spelling of a module is a redirect', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, KENJI);
  await card(page, 'Jail').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Jail', exact: true })).toBeVisible();
  await nav(page)
    .getByRole('link', { name: /^Starboard/ })
    .click();
  await expect(page).toHaveURL(`${KENJI}/starboard`);
  await expect(nav(page).getByRole('link', { name: /^Starboard/ })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(`${KENJI}/jail`);
  await expect(page.getByRole('heading', { level: 2, name: 'Jail', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(KENJI);
  await expect(page.getByRole('heading', { level: 2, name: 'Modules' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 2, name: 'Jail', exact: true })).toBeVisible();

  const response = await gotoHydrated(page, `${KENJI}/Starboard`);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/Starboard$/);
  await expect(page).toHaveURL(`${KENJI}/starboard`);
  const unknown = await gotoHydrated(page, `${KENJI}/no-such-module`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('a failed save reverts the control and says why', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `${KENJI}/jail`);
  await page.route('**/api/update-server-settings', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The database is unavailable.', code: 'UNAVAILABLE' }) }),
  );
  const jail = section(page, 'Jail').getByLabel('Jail channel', { exact: true });
  await expect(jail.locator('option:checked')).toHaveText('#general');
  await jail.selectOption({ label: '#welcome' });
  await expect(page.getByText('Could not save Jail jail channel: The database is unavailable.')).toBeVisible();
  await expect(jail.locator('option:checked')).toHaveText('#general');

  await open(page, 'Anti-MP3');
  const antimp3 = toggleOf(page, 'Anti-MP3');
  await antimp3.click();
  await expect(page.getByText('Could not save Enable Anti-MP3: The database is unavailable.')).toBeVisible();
  await expect(antimp3).toHaveAttribute('aria-checked', 'true');

  await open(page, 'Ticket');
  const messageId = section(page, 'Ticket').getByLabel('Message ID', { exact: true });
  await messageId.fill('600000000000000009');
  await messageId.blur();
  await expect(page.getByText(/Could not save Ticket message ID/)).toBeVisible();
  await expect(messageId).toHaveValue(TICKET_MESSAGE_ID);

  await page.unroute('**/api/update-server-settings');
  await gotoHydrated(page, `${KENJI}/jail`);
  await expect(section(page, 'Jail').getByLabel('Jail channel', { exact: true }).locator('option:checked')).toHaveText('#general');
});

test('pasted anti-nuke IDs that are not IDs show the field error on Enter, keep the text and send nothing', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `${KENJI}/anti-nuke`);
  const posts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/update-server-settings') && posts.push(request.url()));
  const whitelist = trustedMembers(page);
  await whitelist.fill('100000000000000002, not-an-id');
  await whitelist.press('Enter');
  await expect(section(page, 'Anti-Nuke').getByText('Enter Discord user IDs: 17–20 digits, separated by commas.')).toBeVisible();
  await expect(whitelist).toHaveAttribute('aria-invalid', 'true');
  await expect(whitelist).toHaveValue('100000000000000002, not-an-id');
  expect(posts).toEqual([]);
  // Fixing it clears the message, and Enter saves.
  await whitelist.fill('100000000000000002, 100000000000000004');
  await expect(section(page, 'Anti-Nuke').getByText('Enter Discord user IDs: 17–20 digits, separated by commas.')).toHaveCount(0);
  await whitelist.press('Enter');
  await settled(page);
  await expect(section(page, 'Anti-Nuke').getByText('Saved ✓')).toBeVisible();
  expect(posts).toHaveLength(1);
});

test('a trusted member is found by name through the bot and picked with the keyboard', async ({ page }) => {
  await loginAs(page, 'Demo Owner');
  await gotoHydrated(page, `${KENJI}/anti-nuke`);
  // The tests before may have trusted Demo Member (100000000000000003) by id, which a later visit shows as the id:
  // a picked member is not offered again.
  const picked = section(page, 'Anti-Nuke').getByRole('button', { name: /^Remove (Memb|100000000000000003)$/ });
  if ((await picked.count()) > 0) {
    await picked.click();
    await settled(page);
  }
  await expect(picked).toHaveCount(0);
  const search = trustedMembers(page);
  await search.pressSequentially('demo_m');
  await expect(section(page, 'Anti-Nuke').getByRole('option', { name: /Memb/ })).toBeVisible();
  await search.press('Enter');
  await settled(page);
  await expect(section(page, 'Anti-Nuke').getByRole('button', { name: 'Remove Memb' })).toBeVisible();
});

test('the settings pages have no detectable accessibility violations and work on a phone, the modules in one picker', async ({ page }) => {
  // axe's scans are CPU-bound: three times the timeout, so a machine busy with other work does not fail them.
  test.slow();
  await loginAs(page, 'Demo Owner');
  await page.setViewportSize({ width: 390, height: 844 });
  // Only the page's own content: the shared header is checked by its own tests.
  const overflowing = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => el.tagName),
    );
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  await gotoHydrated(page, KENJI);
  expect(await violations()).toEqual([]);
  expect(await overflowing()).toEqual([]);

  // One line that says where you are; it opens the list, and a choice opens the module.
  const picker = nav(page).locator('summary');
  await expect(nav(page)).toHaveCount(1);
  await expect(picker).toHaveText('Section: Overview');
  await expect(nav(page).getByRole('link')).toHaveCount(0);
  await picker.click();
  await expect(nav(page).getByRole('link')).toHaveCount(11);
  expect(await violations()).toEqual([]);
  await nav(page).getByRole('link', { name: /^Logs/ }).click();
  await expect(page).toHaveURL(`${KENJI}/logs`);
  await expect(picker).toHaveText(/^Section: Logs/);
  await expect(nav(page).getByRole('link')).toHaveCount(0);
  // Keyboard: Enter opens it, Escape closes it and leaves the focus on it.
  await picker.focus();
  await page.keyboard.press('Enter');
  await expect(nav(page).getByRole('link')).toHaveCount(11);
  await page.keyboard.press('Escape');
  await expect(nav(page).getByRole('link')).toHaveCount(0);
  await expect(picker).toBeFocused();
  expect(await violations()).toEqual([]);
  expect(await overflowing()).toEqual([]);
});
