/** The fake's GET /guilds/{id}/members/{user id} as Discord answers it: the member, 10007 for a user not in the guild, 10013 for no user. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';

let fake: FakeDiscord;
let clock = 0;
beforeEach(() => {
  clock = 1_700_000_000_000;
  fake = createFakeDiscord({ now: () => clock });
});

/** Each read a minute after the last: the bucket is the rules test's, not this file's. */
const read = async (guildId: string, userId: string, authorization = `Bot ${DEMO_BOT_TOKEN}`) => {
  clock += 60_000;
  const res = await fake.app.request(`/api/v10/guilds/${guildId}/members/${userId}`, {
    headers: { Authorization: authorization, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' },
  });
  return { status: res.status, body: await res.json<unknown>() };
};

describe('member read by id', () => {
  it('answers a member with their nickname and user', async () => {
    const { status, body } = await read(DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.member);
    expect(status).toBe(200);
    expect(body).toMatchObject({ nick: 'Memb', user: { id: DEMO_USER_IDS.member } });
  });

  it('tells a user not in the guild (10007 Unknown Member) from an id of no user (10013 Unknown User)', async () => {
    expect(await read(DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.admin)).toEqual({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
    expect(await read(DEMO_GUILD_IDS.kenjiLounge, '700000000000000001')).toEqual({ status: 404, body: { message: 'Unknown User', code: 10013 } });
  });

  it('is the bot’s alone, and only in a guild it is in (403 50001)', async () => {
    expect((await read(DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.member, 'Bearer nothing')).status).toBe(401);
    expect(await read(DEMO_GUILD_IDS.ownerSandbox, DEMO_USER_IDS.owner)).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
  });
});
