/**
 * A user's guilds as Discord has them: at most 200 (Demo Owner's generated guilds take what the demo guilds leave of
 * it), listed by `/users/@me/guilds` in pages of 1 to 200 (200 by default) in id order, `after` and `before` being
 * snowflakes and `with_counts` one of Discord's boolean spellings. Discord's numbers are literals.
 */
import { describe, expect, it } from 'vitest';
import type { RESTAPIPartialCurrentUserGuild } from 'discord-api-types/v10';
import { createDemoData, createFakeDiscord, DEMO_BOT_TOKEN, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { createGeneratedGuilds } from '../../dev/fake-discord/generated.ts';
import { checkUserGuildLimit } from '../../dev/fake-discord/state.ts';

const USER_AGENT = 'DiscordBot (http://localhost, 1.0)';
const FIRST_GENERATED = 600000000000000000n;
/** Demo Owner's guilds in the demo data: Kenji Lounge, Glaive Studio, Lofi Café and the sandbox without the bot. */
const OWNER_DEMO_GUILDS = [DEMO_GUILD_IDS.kenjiLounge, DEMO_GUILD_IDS.glaiveStudio, DEMO_GUILD_IDS.lofiCafe, DEMO_GUILD_IDS.ownerSandbox];

async function unlimitedFake(botGuilds: number): Promise<FakeDiscord> {
  const fake = createFakeDiscord({ botGuilds });
  await fake.app.request('/__demo/rate-limits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
  return fake;
}

async function ownerAuthorization(fake: FakeDiscord): Promise<string> {
  const response = await fake.app.request('/__demo/issue-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: DEMO_USER_IDS.owner }),
  });
  return `Bearer ${(await response.json<{ access_token: string }>()).access_token}`;
}

const guildsPage = (fake: FakeDiscord, authorization: string, query: string) =>
  fake.app.request(`/api/v10/users/@me/guilds${query}`, { headers: { Authorization: authorization, 'User-Agent': USER_AGENT } });

async function ids(response: Response): Promise<string[]> {
  expect(response.status).toBe(200);
  return (await response.json<RESTAPIPartialCurrentUserGuild[]>()).map((guild) => guild.id);
}

describe("Demo Owner within Discord's 200 guilds a user", () => {
  it.each([
    [0, 4],
    [195, 199],
    [196, 200],
    [197, 200],
    [5000, 200],
    [500000, 200],
  ])('with FAKE_DISCORD_BOT_GUILDS=%i is in %i guilds, all of them listed', async (botGuilds, expected) => {
    const fake = await unlimitedFake(botGuilds);
    const owner = await ownerAuthorization(fake);
    const first = await ids(await guildsPage(fake, owner, '?limit=200'));
    expect(first).toHaveLength(expected);
    expect(first.slice(0, 4)).toEqual(OWNER_DEMO_GUILDS);
    expect(await ids(await guildsPage(fake, owner, `?limit=200&after=${first.at(-1) ?? '0'}`))).toEqual([]);
    expect(fake.state.generated.ownerIndices).toHaveLength(expected - 4);
  });

  it('keeps 20 managed guilds (10 owned) among the generated ones at the limit', async () => {
    const fake = await unlimitedFake(5000);
    const summary = await (await fake.app.request('/__demo/state')).json<{ generated_guilds: Record<string, unknown> }>();
    expect(summary.generated_guilds).toMatchObject({ ownerMemberOf: 196, ownerManages: 20, ownerOwns: 10 });
  });

  it('refuses demo data that would put a user in 201 guilds, and takes 200', () => {
    const data = createDemoData();
    expect(() => checkUserGuildLimit(data, createGeneratedGuilds(1000, 4))).not.toThrow();
    // Told of 3 demo guilds where there are 4, the generated guilds would take 197: 201 in all.
    expect(() => checkUserGuildLimit(data, createGeneratedGuilds(1000, 3))).toThrow('demo_owner would be in 201 guilds; Discord allows a user 200');
  });

  it('leaves the bot, which Discord does not limit, in every guild it was given', async () => {
    const fake = await unlimitedFake(500);
    const bot = `Bot ${DEMO_BOT_TOKEN}`;
    const first = await ids(await guildsPage(fake, bot, '?limit=200'));
    const second = await ids(await guildsPage(fake, bot, `?limit=200&after=${first.at(-1) ?? ''}`));
    const third = await ids(await guildsPage(fake, bot, `?limit=200&after=${second.at(-1) ?? ''}`));
    expect([first.length, second.length, third.length]).toEqual([200, 200, 104]);
  });
});

describe('/users/@me/guilds paging, as Discord documents it', () => {
  it('answers 200 guilds without a limit, 1 at limit=1, and refuses 0 and 201 with Invalid Form Body (50035)', async () => {
    const fake = await unlimitedFake(5000);
    const owner = await ownerAuthorization(fake);
    expect(await ids(await guildsPage(fake, owner, ''))).toHaveLength(200);
    expect(await ids(await guildsPage(fake, owner, '?limit=1'))).toEqual([DEMO_GUILD_IDS.kenjiLounge]);
    expect(await ids(await guildsPage(fake, owner, '?limit=200'))).toHaveLength(200);
    const refusals: [string, number, unknown][] = [];
    for (const limit of ['0', '201']) {
      const response = await guildsPage(fake, owner, `?limit=${limit}`);
      refusals.push([limit, response.status, await response.json()]);
    }
    expect(refusals).toEqual([
      [
        '0',
        400,
        {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { limit: { _errors: [{ code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' }] } },
        },
      ],
      [
        '201',
        400,
        {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { limit: { _errors: [{ code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 200.' }] } },
        },
      ],
    ]);
  });

  it.each(['1e2', '+5', '0x10', '2.0', '', 'ten'])('refuses limit=%s as no integer', async (limit) => {
    const fake = await unlimitedFake(0);
    const response = await guildsPage(fake, await ownerAuthorization(fake), `?limit=${encodeURIComponent(limit)}`);
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: 'Invalid Form Body', code: 50035, errors: { limit: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${limit}" is not int.` }] } } },
    ]);
  });

  it('pages after an id and before one, ascending either way', async () => {
    const fake = await unlimitedFake(5000);
    const owner = await ownerAuthorization(fake);
    const all = await ids(await guildsPage(fake, owner, '?limit=200'));
    expect(await ids(await guildsPage(fake, owner, `?limit=3&after=${DEMO_GUILD_IDS.glaiveStudio}`))).toEqual(all.slice(2, 5));
    expect(await ids(await guildsPage(fake, owner, `?limit=3&before=${all[10] ?? ''}`))).toEqual(all.slice(7, 10));
    expect(await ids(await guildsPage(fake, owner, `?limit=2&before=${DEMO_GUILD_IDS.kenjiLounge}`))).toEqual([]);
    expect(all.every((id, index) => index === 0 || BigInt(all[index - 1] ?? '0') < BigInt(id))).toBe(true);
    expect(BigInt(all[4] ?? '0')).toBeGreaterThanOrEqual(FIRST_GENERATED);
  });

  it('takes after and before up to 2^64 − 1, and refuses 2^64 and what is not a snowflake', async () => {
    const fake = await unlimitedFake(0);
    const owner = await ownerAuthorization(fake);
    expect(await ids(await guildsPage(fake, owner, '?after=18446744073709551615'))).toEqual([]);
    expect(await ids(await guildsPage(fake, owner, '?before=18446744073709551615'))).toEqual(OWNER_DEMO_GUILDS);
    for (const [field, value] of [
      ['after', '18446744073709551616'],
      ['before', '18446744073709551616'],
      ['after', 'abc'],
      ['before', '-1'],
    ] as const) {
      const response = await guildsPage(fake, owner, `?${field}=${value}`);
      expect([response.status, await response.json()]).toEqual([
        400,
        {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { [field]: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not snowflake.` }] } },
        },
      ]);
    }
  });

  it.each([
    ['True', true],
    ['true', true],
    ['1', true],
    ['False', false],
    ['false', false],
    ['0', false],
  ])('reads with_counts=%s as %s', async (value, counted) => {
    const fake = await unlimitedFake(0);
    const response = await guildsPage(fake, await ownerAuthorization(fake), `?with_counts=${value}`);
    const [first] = await response.json<RESTAPIPartialCurrentUserGuild[]>();
    expect('approximate_member_count' in (first ?? {})).toBe(counted);
    const guild = await fake.app.request(`/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}?with_counts=${value}`, {
      headers: { Authorization: `Bot ${DEMO_BOT_TOKEN}`, 'User-Agent': USER_AGENT },
    });
    expect('approximate_member_count' in (await guild.json<object>())).toBe(counted);
  });

  it.each(['TRUE', 'yes', ''])('refuses with_counts=%s rather than reading it as false', async (value) => {
    const fake = await unlimitedFake(0);
    const expected = {
      message: 'Invalid Form Body',
      code: 50035,
      errors: { with_counts: { _errors: [{ code: 'BOOLEAN_TYPE_COERCE', message: `Value "${value}" is not a valid boolean.` }] } },
    };
    const list = await guildsPage(fake, await ownerAuthorization(fake), `?with_counts=${value}`);
    expect([list.status, await list.json()]).toEqual([400, expected]);
    const guild = await fake.app.request(`/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}?with_counts=${value}`, {
      headers: { Authorization: `Bot ${DEMO_BOT_TOKEN}`, 'User-Agent': USER_AGENT },
    });
    expect([guild.status, await guild.json()]).toEqual([400, expected]);
  });
});
