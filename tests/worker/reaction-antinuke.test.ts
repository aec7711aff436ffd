// Issue 37 §1: Reaction Role's pairs and mode, Anti-Nuke's limits, punishment and trusted roles and members, through
// save, the guild's checks, audit and revert, export and import, the bot API and the member search.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberSearchResponse } from '../../src/shared/member-search';
import type { ServerSettingsResponse, SettingsAuditResponse } from '../../src/shared/settings/index';
import type { SettingsImportResponse } from '../../src/shared/settings/transfer';
import { clearKv, DISCORD, GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { countedInOneWindow } from './helpers/rate-limit-window';
import { call, postJson } from './helpers/request';

// Kenji Lounge's roles: Listeners and DJ sit below the bot's ServerManager; Moderators above it.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MODERATORS = '400000000000001004';

let owner = '';
let member = '';
let admin = '';
beforeAll(async () => {
  ({ owner, member, admin } = await loginDemoUsers());
});
beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

const set = (section: string, key: string, value: unknown, cookie = owner) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie });
const settings = async () => (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
const search = (query: string, cookie = owner) => call(`/api/server-members?serverID=${GUILDS.kenjiLounge}&query=${encodeURIComponent(query)}`, { cookie });
const searchCalls = async () => {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { path: string; status: number }[] }>();
  return calls.filter((c) => c.path.startsWith(`/api/v10/guilds/${GUILDS.kenjiLounge}/members/search`) && c.status !== 429).length;
};

describe('a never-saved server', () => {
  it('has the new fields’ defaults: toggle mode, no more pairs; 5 actions in 30 s, all counted, roles removed, nobody trusted', async () => {
    const answer = await settings();
    expect(answer.reactionrole).toMatchObject({ extraPairs: [], mode: 'toggle' });
    expect(answer.antinuke).toEqual({
      enabled: false,
      threshold: 5,
      windowSeconds: 30,
      actions: ['ban', 'kick', 'channelDelete', 'roleDelete'],
      punishment: 'removeRoles',
      whitelist: [],
      trustedRoles: [],
    });
  });
});

describe('reaction role pairs', () => {
  it('saves pairs with roles the bot can assign, and refuses a role above the bot, a role of nowhere, or an emoji twice', async () => {
    const pairs = [
      { emojiName: '🎮', roleID: LISTENERS },
      { emojiName: 'vinyl', roleID: DJ },
    ];
    expect((await set('reactionrole', 'extraPairs', pairs)).status).toBe(200);
    expect((await settings()).reactionrole.extraPairs).toEqual(pairs);

    const above = await set('reactionrole', 'extraPairs', [{ emojiName: '🎮', roleID: MODERATORS }]);
    expect(above.status).toBe(400);
    expect(await above.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      error: "value: role 'Moderators' is above the bot's highest role, so the bot cannot assign it.",
    });
    const unknownEmoji = await set('reactionrole', 'extraPairs', [{ emojiName: 'no_such_emoji', roleID: DJ }]);
    expect(await unknownEmoji.json()).toMatchObject({ code: 'INVALID_REFERENCE' });

    // The first pair's emoji (emojiName) cannot come back in another pair, whichever is saved second.
    const clash = await set('reactionrole', 'emojiName', '🎮');
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({ code: 'INVALID_INPUT', error: 'value: the emoji 🎮 is in two pairs: each emoji can give one role.' });
    expect((await set('reactionrole', 'emojiName', '⭐')).status).toBe(200);
    expect((await set('reactionrole', 'extraPairs', [{ emojiName: '⭐', roleID: DJ }])).status).toBe(400);
    expect((await settings()).reactionrole).toMatchObject({ emojiName: '⭐', extraPairs: pairs });
  });

  it('takes 19 more pairs (20 on the message with the first) and refuses a 20th', async () => {
    const emoji = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎', '😍', '😘', '🥰', '😗', '😙', '🥲', '🙂', '🤗'];
    const pairs = emoji.map((emojiName) => ({ emojiName, roleID: LISTENERS }));
    expect((await set('reactionrole', 'extraPairs', pairs.slice(0, 19))).status).toBe(200);
    const over = await set('reactionrole', 'extraPairs', pairs);
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: 'INVALID_INPUT', error: 'value: holds at most 19 pairs' });
  });

  it('a mode is one of toggle, unique, verify; the audit says it by name and a revert puts it back', async () => {
    expect((await set('reactionrole', 'mode', 'verify')).status).toBe(200);
    expect((await set('reactionrole', 'mode', 'sticky')).status).toBe(400);
    const page = await (await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<SettingsAuditResponse>();
    const change = page.entries[0];
    expect(change).toMatchObject({ section: 'reactionrole', key: 'mode', oldValue: 'toggle', newValue: 'verify' });
    const reverted = await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: change?.id }, { cookie: owner });
    expect(reverted.status).toBe(200);
    expect((await settings()).reactionrole.mode).toBe('toggle');
  });
});

describe('anti-nuke limits, punishment and trusted roles', () => {
  it('threshold 2–50 and window 5–600 seconds, at their edges', async () => {
    for (const [key, ok, refused] of [
      ['threshold', [2, 50], [1, 51]],
      ['windowSeconds', [5, 600], [4, 601]],
    ] as const) {
      for (const value of ok) expect((await set('antinuke', key, value)).status, `${key} ${value}`).toBe(200);
      for (const value of refused) expect((await set('antinuke', key, value)).status, `${key} ${value}`).toBe(400);
    }
    expect((await settings()).antinuke).toMatchObject({ threshold: 50, windowSeconds: 600 });
  });

  it('punishes by removing roles, kicking or banning, nothing else; trusts roles of this server only', async () => {
    for (const value of ['kick', 'ban', 'removeRoles']) expect((await set('antinuke', 'punishment', value)).status).toBe(200);
    expect((await set('antinuke', 'punishment', 'timeout')).status).toBe(400);
    // Any ordinary role can be trusted, even one above the bot (it is only read).
    expect((await set('antinuke', 'trustedRoles', [MODERATORS, DJ, DJ])).status).toBe(200);
    expect((await settings()).antinuke.trustedRoles).toEqual([MODERATORS, DJ]);
    const nowhere = await set('antinuke', 'trustedRoles', ['400000000000009999']);
    expect(await nowhere.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    const everyone = await set('antinuke', 'trustedRoles', [GUILDS.kenjiLounge]);
    expect(await everyone.json()).toMatchObject({ code: 'INVALID_REFERENCE', error: 'value: @everyone cannot be chosen.' });
  });

  it('export and import carry the new fields; an import with an emoji twice leaves Reaction Role out and says why', async () => {
    await set('antinuke', 'punishment', 'ban');
    await set('reactionrole', 'extraPairs', [{ emojiName: '🎮', roleID: DJ }]);
    const exported = await (
      await call(`/api/server-settings/export?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })
    ).json<{
      settings: Record<string, Record<string, unknown>>;
    }>();
    expect(exported.settings.antinuke).toMatchObject({ punishment: 'ban' });
    const document = { ...exported, settings: { reactionrole: { emojiName: '🎮' }, antinuke: { threshold: 9 } } };
    const answer = await (
      await postJson('/api/server-settings/import', { serverID: GUILDS.kenjiLounge, document, dryRun: true }, { cookie: owner })
    ).json<SettingsImportResponse>();
    expect(answer.changes).toEqual([{ section: 'antinuke', key: 'threshold', from: 5, to: 9 }]);
    expect(answer.skipped).toEqual([{ section: 'reactionrole', key: 'emojiName', reason: 'The emoji 🎮 is in two pairs: each emoji can give one role.' }]);
  });
});

describe('member search', () => {
  it('finds members by the start of their username or nickname, through one cached Discord search', async () => {
    await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
    const res = await search('DEMO_M');
    expect(res.status).toBe(200);
    const { members } = await res.json<MemberSearchResponse>();
    expect(members).toEqual([{ id: USERS.member, name: 'Memb', username: 'demo_member', avatarUrl: null, bot: false }]);
    expect((await search('demo_m')).status).toBe(200);
    expect(await searchCalls()).toBe(1);
    expect((await (await search('memb')).json<MemberSearchResponse>()).members.map((m) => m.id)).toEqual([USERS.member]);
  });

  it('refuses a blank or a 101-character query with {error, code}, takes 100, and answers only those who may change settings', async () => {
    for (const query of ['', '   ', 'a'.repeat(101)]) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await search('a'.repeat(100))).status).toBe(200);
    expect((await call(`/api/server-members?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).status).toBe(400);
    // Demo Member has no grant in Kenji Lounge here: the search is not theirs to make.
    expect((await search('demo', member)).status).toBe(403);
  });

  it('allows 30 searches a minute per user, cached ones included; the 31st is a 429 SEARCH_LIMIT', async () => {
    // Demo Admin, who owns Glaive Studio, has searched nothing yet: a window of its own from the first search.
    const inGlaive = (query: string) => call(`/api/server-members?serverID=${GUILDS.glaiveStudio}&query=${query}`, { cookie: admin });
    const statuses = await countedInOneWindow(60, async (attempt) => {
      const seen: number[] = [];
      for (let n = 0; n < 31; n += 1) seen.push((await inGlaive(`limit${attempt}-${n % 2}`)).status);
      return seen;
    });
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    const last = await inGlaive('limit-again');
    expect(await last.json()).toMatchObject({ code: 'SEARCH_LIMIT' });
  }, 60_000);
});
