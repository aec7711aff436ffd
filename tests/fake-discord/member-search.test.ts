/** The fake's GET /guilds/{id}/members/search, at Discord's bounds: query 1–100 characters and required, limit 1–1000, 1 by default. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';

let fake: FakeDiscord;
let clock = 0;
beforeEach(() => {
  clock = 1_700_000_000_000;
  fake = createFakeDiscord({ botGuilds: 100, now: () => clock });
});

/** Each search a minute after the last: the route's rate limit is the rules test's, not this file's. */
const search = async (guildId: string, query: string, authorization = `Bot ${DEMO_BOT_TOKEN}`) => {
  clock += 60_000;
  const res = await fake.app.request(`/api/v10/guilds/${guildId}/members/search${query}`, {
    headers: { Authorization: authorization, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' },
  });
  return { status: res.status, body: await res.json<unknown>() };
};
const ids = (body: unknown) => (body as { user: { id: string } }[]).map((member) => member.user.id);
const formError = (field: string, code: string) => ({ code: 50035, errors: { [field]: { _errors: [expect.objectContaining({ code })] } } });

describe('member search', () => {
  it('matches the start of a username or nickname, case-insensitively, one member unless a limit says more', async () => {
    const lounge = DEMO_GUILD_IDS.kenjiLounge;
    expect(ids((await search(lounge, '?query=DEMO_')).body)).toHaveLength(1);
    expect(ids((await search(lounge, '?query=demo_&limit=1000')).body)).toEqual([DEMO_USER_IDS.owner, DEMO_USER_IDS.member]);
    expect(ids((await search(lounge, '?query=memb&limit=2')).body)).toEqual([DEMO_USER_IDS.member]);
    expect(ids((await search(lounge, '?query=emo&limit=10')).body)).toEqual([]);
  });

  it('refuses a missing, empty or 101-character query, and a limit of 0, 1001 or not a number; takes 100 and 1000', async () => {
    const lounge = DEMO_GUILD_IDS.kenjiLounge;
    expect((await search(lounge, '')).body).toMatchObject(formError('query', 'BASE_TYPE_REQUIRED'));
    expect((await search(lounge, '?query=')).body).toMatchObject(formError('query', 'BASE_TYPE_BAD_LENGTH'));
    expect((await search(lounge, `?query=${'a'.repeat(101)}`)).body).toMatchObject(formError('query', 'BASE_TYPE_BAD_LENGTH'));
    expect((await search(lounge, `?query=${'a'.repeat(100)}`)).status).toBe(200);
    expect((await search(lounge, '?query=a&limit=0')).body).toMatchObject(formError('limit', 'NUMBER_TYPE_MIN'));
    expect((await search(lounge, '?query=a&limit=1001')).body).toMatchObject(formError('limit', 'NUMBER_TYPE_MAX'));
    expect((await search(lounge, '?query=a&limit=ten')).body).toMatchObject(formError('limit', 'NUMBER_TYPE_COERCE'));
    expect((await search(lounge, '?query=a&limit=1000')).status).toBe(200);
  });

  it('is the bot’s alone, and only in a guild it is in (403 50001)', async () => {
    expect((await search(DEMO_GUILD_IDS.kenjiLounge, '?query=a', 'Bearer nothing')).status).toBe(401);
    const absent = await search(DEMO_GUILD_IDS.ownerSandbox, '?query=a');
    expect(absent).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
  });
});
