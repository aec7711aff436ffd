import { env } from 'cloudflare:workers';
import compact from 'emojibase-data/en/compact.json';
import versions from 'emojibase-data/versions/emoji.json';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/client/features/settings/emoji/emoji-catalogue';
import { valueSchema, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { clearKv, GUILDS, loginDemoUsers } from './helpers/login';
import { postJson } from './helpers/request';

/** What the settings page's emoji picker offers: every emoji, and each of its skin tones. */
const offered = buildCatalogue(compact, versions).flatMap((category) => category.emoji.flatMap((emoji) => [emoji.text, ...(emoji.tones ?? [])]));

const save = (value: string, cookie: string) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'reactionrole', key: 'emojiName', value }, { cookie });

describe('the emoji the picker offers, as the Worker checks them', () => {
  let owner = '';
  beforeAll(async () => {
    ({ owner } = await loginDemoUsers());
  });
  beforeEach(async () => {
    await clearKv(env.CACHE);
    await env.DB.prepare('DELETE FROM guild_settings').run();
  });

  it('passes every one, in the Worker’s own Unicode tables (its RGI emoji, its hidden-character rule)', () => {
    const schema = valueSchema('reactionrole', 'emojiName');
    expect(offered.length).toBeGreaterThan(3500);
    expect(offered.filter((text) => !schema.safeParse(text).success)).toEqual([]);
  });

  it.each([
    ['a ZWJ sequence in two skin tones', '🧑🏿‍🤝‍🧑🏿'],
    ['a ZWJ sequence with a selector inside (Emoji 15.1: head shaking horizontally)', '🙂‍↔️'],
    ['a tag sequence (the flag of England)', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
    ['a keycap', '#️⃣'],
    ['a skin tone on a hand', '✋🏿'],
  ])('stores %s as sent', async (_name, emoji) => {
    const res = await save(emoji, owner);
    expect(res.status).toBe(200);
    expect((await res.json<ServerSettingsResponse>()).reactionrole.emojiName).toBe(emoji);
  });

  it.each([
    ['two emoji', '👍👍'],
    ['a joiner left dangling', '👍\u200D'],
    ['a letter with the emoji selector', 'A\u{FE0F}'],
    ['a tag sequence cut before its end tag', '🏴󠁧󠁢󠁥󠁮󠁧'],
    ['a keycap without its keycap mark', '#\u{FE0F}'],
  ])('refuses %s with 400 INVALID_INPUT', async (_name, emoji) => {
    const res = await save(emoji, owner);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
  });
});
