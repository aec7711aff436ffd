import { expect, test, testServer, type Browser, type Page } from './helpers/fixtures';
import { demoVars } from '../../scripts/demo-config.ts';
import { gotoHydrated, loginAs, watchConsole } from './helpers/page-actions';

// Demo data (dev/fake-discord/data.ts, scripts/seed-demo.ts): Demo Owner owns Kenji Lounge; Demo Member holds
// its DJ role, seeded with read access.
const KENJI = '/server/300000000000000001';

test.describe.configure({ mode: 'serial' });

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const liveStatus = (page: Page) => page.getByTestId('live-status');

/** One module's view of Kenji Lounge (`welcome-message`, `reaction-role`). */
async function openSettings(page: Page, module: string) {
  await gotoHydrated(page, `${KENJI}/${module}`);
  await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
}

async function signedIn(browser: Browser, who: 'Demo Owner' | 'Demo Member'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, who);
  return page;
}

test("an owner's save appears on a reader's open page, without a reload, saying who made it", async ({ browser }) => {
  const owner = await signedIn(browser, 'Demo Owner');
  const reader = await signedIn(browser, 'Demo Member');
  const problems = watchConsole(reader);
  await openSettings(owner, 'welcome-message');
  await openSettings(reader, 'welcome-message');
  const readerNavigations: string[] = [];
  reader.on('framenavigated', (frame) => readerNavigations.push(frame.url()));

  await section(owner, 'Welcome Message').getByLabel('Channel', { exact: true }).selectOption({ label: '#general' });
  await expect(owner.getByText('Saving…')).toHaveCount(0);

  await expect(section(reader, 'Welcome Message').getByLabel('Channel', { exact: true })).toHaveValue('500000000000001004');
  const toast = reader.locator('[data-sonner-toast]', { hasText: 'Demo Owner changed Welcome Message › Channel' });
  await expect(toast).toContainText('to #general');
  // The owner's own tab does not announce its own save.
  await expect(owner.getByText('Demo Owner changed Welcome Message › Channel')).toHaveCount(0);

  // 'Recent changes' (on the overview, open in another tab of the reader's) shows the row, and takes the next change as it comes.
  const overview = await reader.context().newPage();
  await gotoHydrated(overview, KENJI);
  await expect(liveStatus(overview)).toHaveAttribute('data-status', 'live');
  await overview.getByText('Recent changes', { exact: true }).click();
  const history = overview.getByRole('list', { name: 'Recent changes' });
  await expect(history.getByRole('listitem').first()).toContainText('Demo Owner changed Welcome Message › Channel');
  await section(owner, 'Welcome Message').getByRole('switch').click();
  await expect(section(reader, 'Welcome Message').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(history.getByRole('listitem').first()).toContainText('Welcome Message › Enabled');

  // Clearing the channel switches the module off, on the reader's page too (and leaves Kenji as the other specs expect it).
  await section(owner, 'Welcome Message').getByLabel('Channel', { exact: true }).selectOption({ label: 'None' });
  await expect(section(reader, 'Welcome Message').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(section(reader, 'Welcome Message').getByLabel('Channel', { exact: true })).toHaveValue('');

  expect(readerNavigations).toEqual([]);
  expect(problems).toEqual([]);
});

test('a change to the field being typed in keeps the text and, on saving it, asks which to keep', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await loginAs(first, 'Demo Owner');
  const second = await context.newPage();
  await openSettings(first, 'reaction-role');
  await openSettings(second, 'reaction-role');

  const typing = section(second, 'Reaction Role').getByLabel('Emoji name', { exact: true });
  await typing.fill('vinyl');
  await section(first, 'Reaction Role').getByLabel('Emoji name', { exact: true }).fill('⭐');
  await section(first, 'Reaction Role').getByLabel('Emoji name', { exact: true }).press('Enter');

  const warning = second.locator('[data-sonner-toast]', { hasText: 'You (in another tab) changed Reaction Role › Emoji name' });
  await expect(warning).toContainText('to ⭐. Your text in Reaction Role › Emoji name stays until you leave the field');
  await expect(typing).toHaveValue('vinyl');
  await typing.press('Enter');
  await expect(section(second, 'Reaction Role').getByRole('alert')).toContainText('changed this');
  await expect(typing).toHaveValue('⭐');
  await section(second, 'Reaction Role').getByRole('button', { name: 'Keep mine' }).click();
  await expect(typing).toHaveValue('vinyl');
  // And the first tab, which saved the field itself before, takes the kept value in turn.
  await expect(section(first, 'Reaction Role').getByLabel('Emoji name', { exact: true })).toHaveValue('vinyl');
  await expect(first.locator('[data-sonner-toast]', { hasText: 'You (in another tab) changed Reaction Role › Emoji name' })).toContainText('to vinyl');

  await typing.fill('');
  await typing.press('Enter');
  await expect(section(first, 'Reaction Role').getByLabel('Emoji name', { exact: true })).toHaveValue('');
});

/** What the admin calls below answer, as far as the test reads them. */
interface AdminAnswer {
  servers?: { _id: number; serverID: string }[];
  entry?: { _id: number };
}

test("a licence an admin grants or takes away shows on the owner's open page at once", async ({ browser }) => {
  const KENJI_ID = KENJI.split('/').pop() ?? '';
  const OWNER_ID = '100000000000000002'; // Demo Owner (dev/fake-discord/data.ts)
  const adminPage = await (await browser.newContext()).newPage();
  await loginAs(adminPage, 'Demo Admin');
  await gotoHydrated(adminPage, '/admin');
  // The admin's calls, as the console makes them: same-origin fetches from its page.
  const call = (path: string, body?: Record<string, unknown>) =>
    adminPage.evaluate(
      async ({ path, body }) => {
        const res = await fetch(
          `/api/${path}`,
          body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        );
        return { status: res.status, json: await res.json<AdminAnswer>() };
      },
      { path, body },
    );
  // Whatever licence another spec left on Kenji Lounge is set aside first, and put back at the end.
  const held = (await call('all-whitelisted-servers')).json.servers?.find((entry) => entry.serverID === KENJI_ID);
  if (held) expect((await call('delete-whitelisted-server', { id: held._id })).status).toBe(200);

  const context = await browser.newContext();
  const owner = await context.newPage();
  await loginAs(owner, 'Demo Owner');
  await openSettings(owner, 'welcome-message');
  const badge = owner.getByTestId('licence');
  await expect(badge).toContainText('Not licensed');

  const granted = await call('add-whitelisted-server-admin', { userID: OWNER_ID, newServerID: KENJI_ID });
  expect(granted.status).toBe(201);
  // The page is told the licence changed, not who changed it: an admin's name is not for the server's readers.
  await expect(owner.locator('[data-sonner-toast]', { hasText: 'This server’s licence changed' }).first()).toBeVisible();
  await expect(owner.getByText('Demo Admin')).toHaveCount(0);
  await expect(badge).toContainText('Active');

  expect((await call('delete-whitelisted-server', { id: granted.json.entry?._id })).status).toBe(200);
  await expect(badge).toContainText('Not licensed');

  if (held) expect((await call('restore-whitelisted-server', { id: held._id })).status).toBe(200);
  await context.close();
  await adminPage.context().close();
});

test("a member's command in Discord, made through the bot API, shows on the owner's open page and in its history", async ({ browser, request }) => {
  const owner = await signedIn(browser, 'Demo Owner');
  await openSettings(owner, 'anti-mp3');
  const toggle = section(owner, 'Anti-MP3').getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  // The bot is a server of its own: the Bearer token, no cookie and no Origin.
  const bot = (value: boolean) =>
    request.put(`/api/bot/guilds/${KENJI.split('/').pop()}/settings`, {
      headers: { Authorization: `Bearer ${demoVars().BOT_API_TOKEN}` },
      data: { section: 'antimp3', key: 'enabled', value, expected: !value, actor: { id: '100000000000000077', name: 'Kai' } },
    });

  expect((await bot(true)).status()).toBe(200);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(owner.locator('[data-sonner-toast]', { hasText: 'Kai changed Anti-MP3 › Enabled in Discord' })).toBeVisible();
  await gotoHydrated(owner, KENJI);
  await owner.getByText('Recent changes', { exact: true }).click();
  await expect(owner.getByRole('list', { name: 'Recent changes' }).getByRole('listitem').first()).toContainText('Kai changed Anti-MP3 › Enabled in Discord');

  // A stale `expected` changes nothing; the right one puts Kenji back as the other specs expect it.
  expect((await bot(true)).status()).toBe(409);
  expect((await bot(false)).status()).toBe(200);
  await owner.context().close();
});

test('a session ended from another device: its open settings page stops at once and shows it is signed out', async ({ browser }) => {
  const laptop = await signedIn(browser, 'Demo Owner');
  const phone = await signedIn(browser, 'Demo Owner');
  await openSettings(laptop, 'anti-mp3');
  const laptopSession = await laptop.evaluate(async () => {
    const { sessions } = await (await fetch('/api/sessions')).json<{ sessions: { id: string; current: boolean }[] }>();
    return sessions.find((session) => session.current)?.id;
  });
  // The Sessions dialog's sign-out of that one session, as the phone's page makes it.
  const status = await phone.evaluate(
    async (id) =>
      (await fetch('/api/sessions/revoke', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id }) })).status,
    laptopSession,
  );
  expect(status).toBe(204);

  await expect(laptop.locator('[data-sonner-toast]', { hasText: 'You are signed out' })).toBeVisible();
  // The page is the login prompt (and the header's account menu is its Login button), coming back here after it.
  await expect(laptop.locator('#main').getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/api/auth?next=%2Fserver%2F300000000000000001%2Fanti-mp3',
  );
  await expect(laptop.getByRole('heading', { name: 'Kenji Lounge' })).toHaveCount(0);
  await laptop.context().close();
  await phone.context().close();
});

test('when the bot leaves a server, its open settings page turns read-only and says so', async ({ browser, request }) => {
  const GLAIVE = '300000000000000002'; // Glaive Studio: Demo Owner has Manage Server there
  const owner = await signedIn(browser, 'Demo Owner');
  await gotoHydrated(owner, `/server/${GLAIVE}/anti-mp3`);
  await expect(liveStatus(owner)).toHaveAttribute('data-status', 'live');
  const toggle = section(owner, 'Anti-MP3').getByRole('switch');
  await expect(toggle).toBeEnabled();
  const bot = { Authorization: `Bearer ${demoVars().BOT_API_TOKEN}` };
  // Where the fake Discord's bot is, to report the guild again afterwards as the demo bot did.
  const { guilds } = (await (await request.get(`${testServer().fakeDiscord}/__demo/bot-guilds?limit=1000`)).json()) as {
    guilds: { id: string; name: string; icon: string | null; memberCount: number }[];
  };
  const glaive = guilds.find((guild) => guild.id === GLAIVE);
  if (!glaive) throw new Error('Glaive Studio is not among the fake bot’s guilds');
  try {
    expect((await request.delete(`/api/bot/guilds/${GLAIVE}/presence`, { headers: bot })).status()).toBe(204);
    const notice = owner.getByRole('status').filter({ hasText: 'The bot has left this server.' });
    await expect(notice).toContainText("Its settings are shown as they were and can't be changed until the bot is added again.");
    await expect(notice.getByRole('link', { name: 'Add bot' })).toHaveAttribute('href', `/api/invite?guild_id=${GLAIVE}`);
    await expect(toggle).toBeDisabled();
    await expect(owner.getByText('Every change is saved as soon as you make it.')).toHaveCount(0);
  } finally {
    const { name, icon, memberCount } = glaive;
    expect((await request.put(`/api/bot/guilds/${GLAIVE}/presence`, { headers: bot, data: { name, icon, memberCount } })).status()).toBe(204);
  }
  await owner.context().close();
});
