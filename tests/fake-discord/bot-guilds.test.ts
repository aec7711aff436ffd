/**
 * FAKE_DISCORD_BOT_GUILDS: the bot in N generated guilds besides the demo ones, Demo Owner in 196 of them (200, Discord's
 * limit, with the 4 demo guilds) and managing 20; the listing for the bot-presence sync; and a cost that does not grow
 * with N.
 */
import { describe, expect, it } from 'vitest';
import type { APIGuild, APIGuildMember, APIUser, RESTAPIPartialCurrentUserGuild } from 'discord-api-types/v10';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { parseBotGuildCount } from '../../dev/fake-discord/generated.ts';

const MANAGE_GUILD = 0x20n;
const ADMINISTRATOR = 0x8n;
const DEMO_BOT_GUILDS = [DEMO_GUILD_IDS.kenjiLounge, DEMO_GUILD_IDS.glaiveStudio, DEMO_GUILD_IDS.lofiCafe, DEMO_GUILD_IDS.adminHq];
const headers = (authorization: string) => ({ Authorization: authorization, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' });

interface BotGuildsPage {
  guilds: { id: string; name: string; icon: string | null; memberCount: number }[];
  next: string | null;
}

/** A fake without rate limits: these tests page through thousands of guilds at once. */
async function unlimitedFake(botGuilds?: number): Promise<FakeDiscord> {
  const fake = createFakeDiscord(botGuilds === undefined ? {} : { botGuilds });
  await fake.app.request('/__demo/rate-limits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
  return fake;
}

async function botGuildPages(fake: FakeDiscord, limit: number): Promise<BotGuildsPage[]> {
  const pages: BotGuildsPage[] = [];
  let after: string | null = null;
  do {
    const response = await fake.app.request(`/__demo/bot-guilds?limit=${limit}${after === null ? '' : `&after=${after}`}`);
    expect(response.status).toBe(200);
    const page = await response.json<BotGuildsPage>();
    pages.push(page);
    after = page.next;
  } while (after !== null);
  return pages;
}

async function allUserGuilds(fake: FakeDiscord, authorization: string): Promise<RESTAPIPartialCurrentUserGuild[]> {
  const guilds: RESTAPIPartialCurrentUserGuild[] = [];
  for (;;) {
    const after = guilds.at(-1)?.id;
    const response = await fake.app.request(`/api/v10/users/@me/guilds?limit=200${after === undefined ? '' : `&after=${after}`}`, {
      headers: headers(authorization),
    });
    expect(response.status).toBe(200);
    const page = await response.json<RESTAPIPartialCurrentUserGuild[]>();
    guilds.push(...page);
    if (page.length < 200) return guilds;
  }
}

async function ownerToken(fake: FakeDiscord): Promise<string> {
  const response = await fake.app.request('/__demo/issue-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: DEMO_USER_IDS.owner }),
  });
  return `Bearer ${(await response.json<{ access_token: string }>()).access_token}`;
}

describe('FAKE_DISCORD_BOT_GUILDS unset', () => {
  it('leaves the demo data as it was: the bot in the four demo guilds, nothing generated', async () => {
    const fake = await unlimitedFake();
    const pages = await botGuildPages(fake, 1000);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.guilds.map((guild) => guild.id)).toEqual(DEMO_BOT_GUILDS);
    expect(pages[0]?.guilds[0]).toEqual({ id: DEMO_GUILD_IDS.kenjiLounge, name: 'Kenji Lounge', icon: null, memberCount: 1284 });
    const state = await (await fake.app.request('/__demo/state')).json<{ guilds: unknown[]; guilds_with_bot: number; generated_guilds: { count: number } }>();
    expect(state.guilds).toHaveLength(5);
    expect(state.guilds_with_bot).toBe(4);
    expect(state.generated_guilds.count).toBe(0);
    expect((await allUserGuilds(fake, await ownerToken(fake))).map((guild) => guild.id)).toEqual([
      DEMO_GUILD_IDS.kenjiLounge,
      DEMO_GUILD_IDS.glaiveStudio,
      DEMO_GUILD_IDS.lofiCafe,
      DEMO_GUILD_IDS.ownerSandbox,
    ]);
  });

  it('is read as a whole number, empty meaning none', () => {
    expect(parseBotGuildCount(undefined)).toBe(0);
    expect(parseBotGuildCount('')).toBe(0);
    expect(parseBotGuildCount('500000')).toBe(500000);
    for (const wrong of ['-1', '1.5', 'many']) expect(() => parseBotGuildCount(wrong)).toThrow(/FAKE_DISCORD_BOT_GUILDS/);
  });
});

describe('FAKE_DISCORD_BOT_GUILDS=5000', () => {
  it('lists 5,004 bot guilds in id order, in pages of 1000 with the right next', async () => {
    const fake = await unlimitedFake(5000);
    const pages = await botGuildPages(fake, 1000);
    expect(pages.map((page) => page.guilds.length)).toEqual([1000, 1000, 1000, 1000, 1000, 4]);
    for (const page of pages.slice(0, -1)) expect(page.next).toBe(page.guilds.at(-1)?.id);
    expect(pages.at(-1)?.next).toBeNull();
    const ids = pages.flatMap((page) => page.guilds.map((guild) => guild.id));
    expect(new Set(ids).size).toBe(5004);
    expect(ids.slice(0, 4)).toEqual(DEMO_BOT_GUILDS);
    expect(ids.every((id, index) => index === 0 || BigInt(ids[index - 1] ?? '0') < BigInt(id))).toBe(true);
    const state = await (await fake.app.request('/__demo/state')).json<{ guilds_with_bot: number }>();
    expect(state.guilds_with_bot).toBe(5004);
  });

  it('refuses a limit over 1000 or under 1, and an after that is not an id', async () => {
    const fake = await unlimitedFake(5000);
    for (const query of ['limit=1001', 'limit=0', 'after=abc']) expect((await fake.app.request(`/__demo/bot-guilds?${query}`)).status).toBe(400);
    const last = await (await fake.app.request('/__demo/bot-guilds?after=600000000000004998')).json<BotGuildsPage>();
    expect(last).toMatchObject({ next: null, guilds: [{ id: '600000000000004999' }] });
  });

  it('shows Demo Owner 196 of them, 20 managed (10 owned, 10 with Manage Server), besides the 4 demo guilds: 200 in all', async () => {
    const fake = await unlimitedFake(5000);
    const guilds = await allUserGuilds(fake, await ownerToken(fake));
    const generated = guilds.filter((guild) => BigInt(guild.id) >= 600000000000000000n);
    expect(guilds).toHaveLength(200);
    expect(generated).toHaveLength(196);
    const manages = (guild: RESTAPIPartialCurrentUserGuild) => guild.owner || (BigInt(guild.permissions) & (MANAGE_GUILD | ADMINISTRATOR)) !== 0n;
    expect(generated.filter(manages)).toHaveLength(20);
    expect(generated.filter((guild) => guild.owner)).toHaveLength(10);
    expect(generated.every((guild) => guild.icon === null)).toBe(true);
  });

  it('pages the bot through /users/@me/guilds by 200', async () => {
    const fake = await unlimitedFake(5000);
    const guilds = await allUserGuilds(fake, `Bot ${DEMO_BOT_TOKEN}`);
    expect(guilds).toHaveLength(5004);
    const before = await fake.app.request(`/api/v10/users/@me/guilds?limit=2&before=600000000000000002`, { headers: headers(`Bot ${DEMO_BOT_TOKEN}`) });
    expect((await before.json<RESTAPIPartialCurrentUserGuild[]>()).map((guild) => guild.id)).toEqual(['600000000000000000', '600000000000000001']);
  });

  it('answers any generated guild, its roles, channels and members, the same every time', async () => {
    const fake = await unlimitedFake(5000);
    const bot = { headers: headers(`Bot ${DEMO_BOT_TOKEN}`) };
    const id = '600000000000004321';
    const guild = await (await fake.app.request(`/api/v10/guilds/${id}?with_counts=true`, bot)).json<APIGuild>();
    expect(guild).toMatchObject({ id, name: expect.stringMatching(/ 4322$/) as string, owner_id: '700000000000004321' });
    expect(await (await fake.app.request(`/api/v10/guilds/${id}?with_counts=true`, bot)).json()).toEqual(guild);
    expect((await fake.app.request(`/api/v10/guilds/${id}/roles`, bot)).status).toBe(200);
    expect((await fake.app.request(`/api/v10/guilds/${id}/channels`, bot)).status).toBe(200);
    const botMember = await (await fake.app.request(`/api/v10/guilds/${id}/members/${DEMO_CLIENT_ID}`, bot)).json<APIGuildMember>();
    expect(botMember.roles).toHaveLength(1);
    const owner = await (await fake.app.request(`/api/v10/users/700000000000004321`, bot)).json<APIUser>();
    expect(owner).toMatchObject({ id: '700000000000004321', username: 'owner_4322' });
    expect((await fake.app.request('/api/v10/guilds/600000000000005000', bot)).status).toBe(404);
  });
});

describe('FAKE_DISCORD_BOT_GUILDS=500000', () => {
  it('keeps only Demo Owner’s 196 guilds in memory and finds the last guild by id', async () => {
    const fake = await unlimitedFake(500000);
    expect(fake.state.generated.ownerIndices).toHaveLength(196);
    expect(fake.state.generated.changed.size).toBe(0);
    const bot = { headers: headers(`Bot ${DEMO_BOT_TOKEN}`) };
    expect((await fake.app.request('/api/v10/guilds/600000000000499999/roles', bot)).status).toBe(200);
    const last = await (await fake.app.request('/__demo/bot-guilds?after=600000000000499000')).json<BotGuildsPage>();
    expect(last.guilds).toHaveLength(999);
    expect(last.next).toBeNull();
  });

  it('sums the generated guilds up in /__demo/state instead of listing them', async () => {
    const fake = await unlimitedFake(500000);
    const body = await (await fake.app.request('/__demo/state')).text();
    expect(body.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(body)).toMatchObject({
      guilds_with_bot: 500004,
      generated_guilds: { count: 500000, ownerMemberOf: 196, ownerManages: 20, ownerOwns: 10, firstId: '600000000000000000', lastId: '600000000000499999' },
    });
  });

  it('keeps a test control’s change to a generated guild', async () => {
    const fake = await unlimitedFake(500000);
    const id = String(600000000000000000n + BigInt(fake.state.generated.ownerIndices[1] ?? 0));
    const bot = { headers: headers(`Bot ${DEMO_BOT_TOKEN}`) };
    const before = await (await fake.app.request(`/api/v10/guilds/${id}/members/${DEMO_USER_IDS.owner}`, bot)).json<APIGuildMember>();
    expect(before.roles).toHaveLength(1);
    const change = await fake.app.request('/__demo/member-roles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ guildId: id, userId: DEMO_USER_IDS.owner, roles: [] }),
    });
    expect(change.status).toBe(200);
    const after = await (await fake.app.request(`/api/v10/guilds/${id}/members/${DEMO_USER_IDS.owner}`, bot)).json<APIGuildMember>();
    expect(after.roles).toEqual([]);
  });
});
