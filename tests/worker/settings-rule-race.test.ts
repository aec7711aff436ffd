// Issue 37: a module's rule across fields (Reaction Role: no emoji in two pairs) is checked and written as one. Two
// saves at the same moment, a first-pair emoji and the pair list, each checked before the other's write, must not
// store the same emoji twice: the write requires the module's other rows unchanged since its check.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { clearKv, GUILDS, loginDemoUsers } from './helpers/login';
import { postWithWritesInterleaved } from './helpers/interleaved-writes';
import { call, postJson } from './helpers/request';

// Kenji Lounge's roles below the bot.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';

let owner = '';
beforeAll(async () => {
  ({ owner } = await loginDemoUsers());
});
beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
  expect((await set('emojiName', '⭐')).status).toBe(200);
  expect((await set('roleID', LISTENERS)).status).toBe(200);
});

const body = (key: string, value: unknown) => ({ serverID: GUILDS.kenjiLounge, section: 'reactionrole', key, value });
const set = (key: string, value: unknown) => postJson('/api/update-server-settings', body(key, value), { cookie: owner });
const stored = async () =>
  (await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>()).reactionrole;

/** Saves `key` with another save slipped in after this one's check and before its write (helpers/interleaved-writes.ts). */
const saveWithOthersBetween = (key: string, value: unknown, between: (attempt: number) => Promise<unknown>) =>
  postWithWritesInterleaved('/api/update-server-settings', body(key, value), owner, between);

describe('a first-pair emoji and the pair list saved at the same moment', () => {
  it('store no emoji twice: the save whose check went stale is checked again and refused with {error, code}', async () => {
    const first = saveWithOthersBetween('emojiName', '🎮', async (attempt) => {
      if (attempt === 1) expect((await set('extraPairs', [{ emojiName: '🎮', roleID: DJ }])).status).toBe(200);
    });
    const refused = await first.response;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_INPUT', error: expect.stringContaining('🎮') as string });
    expect(await stored()).toMatchObject({ emojiName: '⭐', extraPairs: [{ emojiName: '🎮', roleID: DJ }] });
    // Refused before any write: no history row for it either.
    const { results } = await env.DB.prepare("SELECT key FROM settings_audit WHERE section = 'reactionrole' ORDER BY id").all<{ key: string }>();
    expect(results.map((row) => row.key)).toEqual(['emojiName', 'roleID', 'extraPairs']);
  });

  it('the other way round too: the pair list whose check went stale is refused once the first pair has its emoji', async () => {
    const list = saveWithOthersBetween('extraPairs', [{ emojiName: '🎮', roleID: DJ }], async (attempt) => {
      if (attempt === 1) expect((await set('emojiName', '🎮')).status).toBe(200);
    });
    expect((await list.response).status).toBe(400);
    expect(await stored()).toMatchObject({ emojiName: '🎮', extraPairs: [] });
  });
});

describe('a save of the module while another field of it changes', () => {
  it('is checked again and saved when the rule still holds (twice interrupted: saved on the third attempt)', async () => {
    const modes = ['unique', 'verify'];
    const save = saveWithOthersBetween('emojiName', '🎮', async (attempt) => {
      if (attempt <= 2) expect((await set('mode', modes[attempt - 1])).status).toBe(200);
    });
    expect((await save.response).status).toBe(200);
    expect(save.attempts()).toBe(3);
    expect(await stored()).toMatchObject({ emojiName: '🎮', mode: 'verify' });
  });

  it('is a 409 CHANGED_MEANWHILE, saving nothing, when the module changed before each of its 3 attempts', async () => {
    const modes = ['unique', 'verify', 'toggle'];
    const save = saveWithOthersBetween('emojiName', '🎮', async (attempt) => {
      if (attempt <= 3) expect((await set('mode', modes[attempt - 1])).status).toBe(200);
    });
    const answer = await save.response;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'CHANGED_MEANWHILE' });
    expect(save.attempts()).toBe(3);
    expect(await stored()).toMatchObject({ emojiName: '⭐', mode: 'toggle' });
  });

  it('a module without a rule across fields writes at once, whatever changes beside it', async () => {
    const save = saveWithOthersBetween('mode', 'unique', () => Promise.resolve());
    expect((await save.response).status).toBe(200);
    expect(save.attempts()).toBe(1);
  });
});
