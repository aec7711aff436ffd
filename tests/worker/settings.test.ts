import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, anyString, stringMatching } from './helpers/expect-helpers';
import { defaultSettings, type ServerSettingsResponse, type SettingsAuditResponse } from '../../src/shared/settings/index';
import { clearKv, GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

// Demo data ids (dev/fake-discord/data.ts): Kenji Lounge is guild 1, Glaive Studio guild 2.
const KENJI = {
  everyone: GUILDS.kenjiLounge,
  listeners: '400000000000001001', // position 1, below the bot
  dj: '400000000000001002', // position 2, below the bot
  botRole: '400000000000001003', // position 3, managed: the bot's own role
  moderators: '400000000000001004', // position 4, above the bot
  welcome: '500000000000001001', // text, no category
  loungeCategory: '500000000000001002',
  announcements: '500000000000001003', // announcement (type 5)
  general: '500000000000001004', // text in Lounge
  songRequests: '500000000000001005',
  listeningRoom: '500000000000001007', // voice
  modLog: '500000000000001010', // text in Staff
};
const GLAIVE = {
  fans: '400000000000002001',
  artists: '400000000000002002',
  feedback: '500000000000002003',
  botCommands: '500000000000002004',
  lobby: '500000000000002008',
};
const MESSAGE_ID = '600000000000000001';

const settingsOf = (guildId: string, cookie?: string) => call(`/api/server-settings?serverID=${guildId}`, { cookie });
const update = (body: unknown, cookie?: string) => postJson('/api/update-server-settings', body, { cookie });
const set = (section: string, key: string, value: unknown, cookie: string, serverID: string = GUILDS.kenjiLounge) =>
  update({ serverID, section, key, value }, cookie);

async function auditRows(guildId: string = GUILDS.kenjiLounge) {
  const { results } = await env.DB.prepare(
    'SELECT user_id, user_name, section, key, old_value, new_value, created_at FROM settings_audit WHERE guild_id = ? ORDER BY id',
  )
    .bind(guildId)
    .all<{ user_id: string; user_name: string; section: string; key: string; old_value: string | null; new_value: string; created_at: number }>();
  return results;
}

let owner = '';
let member = '';

beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM whitelist')]);
});

describe('who may read and write settings', () => {
  it('answers 401 when logged out, for read, write and audit', async () => {
    expect((await settingsOf(GUILDS.kenjiLounge)).status).toBe(401);
    expect((await set('antimp3', 'enabled', true, '')).status).toBe(401);
    expect((await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`)).status).toBe(401);
  });

  it.each([
    ['a plain member of a guild the bot is in (Lofi Café)', () => owner, GUILDS.lofiCafe, 'NO_ACCESS'],
    ['a guild the user manages but the bot is not in', () => owner, GUILDS.ownerSandbox, 'BOT_NOT_IN_SERVER'],
    ['a user who manages nothing', () => member, GUILDS.kenjiLounge, 'NO_ACCESS'],
    ['a guild the user is not in at all', () => owner, GUILDS.adminHq, 'FORBIDDEN'],
  ])('answers 403 for %s, on read, write and audit, and writes nothing', async (_name, cookie, guildId, code) => {
    const read = await settingsOf(guildId, cookie());
    expect(read.status).toBe(403);
    expect(await read.json()).toMatchObject({ code, error: anyString() });
    expect((await set('antimp3', 'enabled', true, cookie(), guildId)).status).toBe(403);
    expect((await call(`/api/server-settings/audit?serverID=${guildId}`, { cookie: cookie() })).status).toBe(403);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
    expect(await auditRows(guildId)).toHaveLength(0);
  });

  it('answers 400 for a missing or malformed serverID', async () => {
    expect((await call('/api/server-settings', { cookie: owner })).status).toBe(400);
    const res = await settingsOf('abc', owner);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/serverID/);
  });

  it('lets a MANAGE_GUILD member (not the owner) read and write', async () => {
    expect((await settingsOf(GUILDS.glaiveStudio, owner)).status).toBe(200);
    expect((await set('antimp3', 'enabled', true, owner, GUILDS.glaiveStudio)).status).toBe(200);
  });
});

describe('GET /api/server-settings', () => {
  it.each(['1234567890123456', '123456789012345678901', '30000000000000000x', ' 300000000000000001x', ''])(
    'refuses serverID %j with 400 INVALID_INPUT naming the field',
    async (id) => {
      const res = await settingsOf(id, owner);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^serverID/) });
    },
  );

  it.each(['12345678901234567', '12345678901234567890'])('takes %s (17 and 20 digits) as an id: 403 for a server not managed', async (id) => {
    expect((await settingsOf(id, owner)).status).toBe(403);
  });

  it('answers defaults for a never-saved guild, with name, roles, channels, licence and the bot position', async () => {
    const res = await settingsOf(GUILDS.kenjiLounge, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const body = await res.json<ServerSettingsResponse>();
    expect(body).toMatchObject({ id: GUILDS.kenjiLounge, name: 'Kenji Lounge', ...defaultSettings() });
    expect(body.whitelist).toEqual({ expiresAt: null, active: false });
    expect(body.botHighestRolePosition).toBe(3);
    expect(body.roles.find((r) => r.id === KENJI.dj)).toEqual({ id: KENJI.dj, name: 'DJ', color: 0x1abc9c, position: 2, managed: false });
    expect(body.roles.find((r) => r.id === KENJI.botRole)?.managed).toBe(true);
    expect(body.channels.find((ch) => ch.id === KENJI.general)).toMatchObject({ name: 'general', type: 0, parent_id: KENJI.loungeCategory });
    expect(body.channels.find((ch) => ch.id === KENJI.listeningRoom)?.type).toBe(2);
    expect(body.channels.find((ch) => ch.id === KENJI.loungeCategory)?.type).toBe(4);
  });

  it('shows the licence expiry, active or expired', async () => {
    const future = Date.now() + 86_400_000;
    await env.DB.prepare('INSERT INTO whitelist (user_id, user_name, server_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(USERS.owner, 'Demo Owner', GUILDS.kenjiLounge, future, Date.now())
      .run();
    expect((await (await settingsOf(GUILDS.kenjiLounge, owner)).json<ServerSettingsResponse>()).whitelist).toEqual({ expiresAt: future, active: true });
    await env.DB.prepare('UPDATE whitelist SET expires_at = ?').bind(1000).run();
    expect((await (await settingsOf(GUILDS.kenjiLounge, owner)).json<ServerSettingsResponse>()).whitelist).toEqual({ expiresAt: 1000, active: false });
  });

  it('ignores a stored value that no longer fits the schema', async () => {
    await env.DB.prepare("INSERT INTO guild_settings VALUES (?, 'antimp3', 'enabled', '\"yes\"', 0, 'x'), (?, 'nosuch', 'key', '1', 0, 'x')")
      .bind(GUILDS.kenjiLounge, GUILDS.kenjiLounge)
      .run();
    const body = await (await settingsOf(GUILDS.kenjiLounge, owner)).json<ServerSettingsResponse>();
    expect(body.antimp3.enabled).toBe(false);
    expect(body).not.toHaveProperty('nosuch');
  });
});

describe('POST /api/update-server-settings: schema', () => {
  const base = { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true };
  it.each([
    ['an unknown field', { ...base, extra: 1 }, /extra/],
    ['a missing value', { serverID: base.serverID, section: 'antimp3', key: 'enabled' }, /value/],
    ['a missing section', { serverID: base.serverID, key: 'enabled', value: true }, /section/],
    ['a bad serverID', { ...base, serverID: '12' }, /serverID/],
    ['a numeric serverID', { ...base, serverID: Number('300000000000000001') }, /serverID/],
    ['an unknown section', { ...base, section: 'music' }, /section: 'music'/],
    ['an inherited property as section', { ...base, section: 'toString' }, /section/],
    ['an unknown key', { ...base, key: 'roleID' }, /key: 'roleID'/],
    ['a string toggle', { ...base, value: 'true' }, /value/],
    ['a number toggle', { ...base, value: 1 }, /value/],
    ['a whitelist as a string', { ...base, section: 'antinuke', key: 'whitelist', value: '100000000000000002' }, /value/],
    ['a whitelist with a non-snowflake', { ...base, section: 'antinuke', key: 'whitelist', value: ['100000000000000002', 'bob'] }, /value\[1\]/],
    ['a numeric role id', { ...base, section: 'autorole', key: 'roleID', value: Number('400000000000001001') }, /value/],
    ['a malformed message id', { ...base, section: 'reactionrole', key: 'messageID', value: 'abc' }, /value/],
    ['an emoji name with spaces', { ...base, section: 'ticket', key: 'emojiName', value: 'two words' }, /value: must not contain spaces/],
    [
      'an emoji name with NUL',
      { ...base, section: 'ticket', key: 'emojiName', value: 'a\u0000b' },
      /^value: must not contain invisible or control characters \(U\+0000, /,
    ],
    [
      'an emoji name with U+202E',
      { ...base, section: 'reactionrole', key: 'emojiName', value: '\u202Eabc' },
      /^value: must not contain invisible .*U\+202E, right-to-left override/,
    ],
    ['an emoji name with U+200B', { ...base, section: 'ticket', key: 'emojiName', value: 'tic\u200Bket' }, /^value: .*\(U\+200B, zero width space\)/],
    ['an emoji name with a lone U+200D', { ...base, section: 'ticket', key: 'emojiName', value: '\u200D' }, /U\+200D/],
    ['an over-long emoji name', { ...base, section: 'ticket', key: 'emojiName', value: 'x'.repeat(65) }, /value/],
    // Discord's names are 2 to 32 letters, digits or _; anything else must be one emoji.
    ['a one-letter emoji name', { ...base, section: 'ticket', key: 'emojiName', value: 'x' }, /value: must be one emoji or the name/],
    ['a 33-letter emoji name', { ...base, section: 'ticket', key: 'emojiName', value: 'x'.repeat(33) }, /value: must be one emoji or the name/],
    ['two emoji', { ...base, section: 'reactionrole', key: 'emojiName', value: '⭐⭐' }, /value: must be one emoji or the name/],
    ['an emoji after a letter', { ...base, section: 'reactionrole', key: 'emojiName', value: 'a⭐' }, /value: must be one emoji or the name/],
    ['an emoji name in colons', { ...base, section: 'reactionrole', key: 'emojiName', value: ':vinyl:' }, /value: must be one emoji or the name/],
    ['an unknown command', { ...base, section: 'serverDisabledCommands', key: 'commandNames', value: ['ban', 'nosuchcommand'] }, /nosuchcommand/],
    ['commands as a string', { ...base, section: 'serverDisabledCommands', key: 'commandNames', value: 'ban' }, /value/],
    ['a channel id object', { ...base, section: 'logs', key: 'channelID', value: { id: KENJI.general } }, /value/],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const res = await update(body, owner);
    expect(res.status).toBe(400);
    const answer = await res.json<{ error: string; code: string }>();
    expect(answer.error).toMatch(field);
    expect(answer.code).toBe('INVALID_INPUT');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    ['null', 'null'],
  ])('refuses a body that is %s', async (_name, text) => {
    const res = await call('/api/update-server-settings', { method: 'POST', cookie: owner, headers: { 'Content-Type': 'application/json' }, body: text });
    expect(res.status).toBe(400);
  });

  it('refuses a cross-site request (CSRF guard)', async () => {
    const res = await postJson('/api/update-server-settings', base, { cookie: owner, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('normalises: anti-nuke ids deduplicated, commands lower-cased and deduplicated, blanks cleared to null', async () => {
    await set('antinuke', 'whitelist', ['100000000000000002', ' 100000000000000003 ', '100000000000000002'], owner);
    await set('serverDisabledCommands', 'commandNames', ['ban', 'Kick', 'ban'], owner);
    await set('ticket', 'emojiName', ' 🎫 ', owner);
    await set('ticket', 'messageID', MESSAGE_ID, owner);
    const res = await set('ticket', 'messageID', '', owner);
    const body = await res.json<ServerSettingsResponse>();
    expect(body.antinuke.whitelist).toEqual(['100000000000000002', '100000000000000003']);
    expect(body.serverDisabledCommands.commandNames).toEqual(['ban', 'kick']);
    expect(body.ticket).toMatchObject({ emojiName: '🎫', messageID: null });
  });
});

describe('POST /api/update-server-settings: roles and channels of the guild', () => {
  it('stores a role and a text channel that exist, and answers the new settings', async () => {
    const res = await set('autorole', 'roleID', KENJI.dj, owner);
    expect(res.status).toBe(200);
    const body = await res.json<ServerSettingsResponse>();
    expect(body.autorole.roleID).toBe(KENJI.dj);
    expect(body.name).toBe('Kenji Lounge');
    expect(body.roles.length).toBeGreaterThan(0);
    expect((await set('logs', 'channelID', KENJI.modLog, owner)).status).toBe(200);
    const stored = await env.DB.prepare("SELECT value, updated_by FROM guild_settings WHERE section = 'logs' AND key = 'channelID'").first();
    expect(stored).toEqual({ value: JSON.stringify(KENJI.modLog), updated_by: USERS.owner });
  });

  it('accepts a role the cached view of the guild does not know yet, after asking Discord again', async () => {
    expect((await settingsOf(GUILDS.kenjiLounge, owner)).status).toBe(200);
    const key = `discord:guild:v2:${GUILDS.kenjiLounge}`;
    const cachedView = await env.CACHE.get<{ value: { roles: { id: string }[] }; storedAt: number }>(key, 'json');
    if (!cachedView) throw new Error('the settings page did not cache the guild');
    // As if the role was made in Discord a moment after the page cached the guild.
    cachedView.value.roles = cachedView.value.roles.filter((role) => role.id !== KENJI.dj);
    await env.CACHE.put(key, JSON.stringify(cachedView));
    const res = await set('autorole', 'roleID', KENJI.dj, owner);
    expect(res.status).toBe(200);
    expect((await res.json<ServerSettingsResponse>()).roles.map((role) => role.id)).toContain(KENJI.dj);
  });

  it.each([
    ['an unknown role', 'autorole', 'roleID', '400000000000009999', /does not exist/],
    ['a role of another guild', 'autorole', 'roleID', GLAIVE.fans, /does not exist/],
    ['@everyone', 'autorole', 'roleID', KENJI.everyone, /@everyone/],
    ['a managed role', 'ticket', 'staffRoleID', KENJI.botRole, /managed/],
    ['a role above the bot for auto-role', 'autorole', 'roleID', KENJI.moderators, /above the bot/],
    ['a role above the bot for reaction roles', 'reactionrole', 'roleID', KENJI.moderators, /above the bot/],
    ['an unknown channel', 'logs', 'channelID', '500000000000009999', /does not exist/],
    ['a channel of another guild', 'welcomemessage', 'channelID', GLAIVE.feedback, /does not exist/],
    ['a voice channel', 'starboard', 'starboardChannel', KENJI.listeningRoom, /not a text channel/],
    ['a category', 'jail', 'jailChannel', KENJI.loungeCategory, /not a text channel/],
    ['an announcement channel', 'welcomemessage', 'channelID', KENJI.announcements, /not a text channel/],
    ['an emoji name the server does not have', 'reactionrole', 'emojiName', 'pepe', /this server has no emoji named 'pepe'/],
    ["another server's emoji", 'ticket', 'emojiName', 'mic_drop', /this server has no emoji named 'mic_drop'/],
    ['an emoji the server lost the boost level for', 'reactionrole', 'emojiName', 'old_badge', /needs a boost level/],
  ])('refuses %s with 400', async (_name, section, key, value, message) => {
    const res = await set(section, key, value, owner);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE', error: stringMatching(message) });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
  });

  it.each(['vinyl', 'lofi_cat', '⭐', '❤', '❤️', '🇫🇷', '👍🏽', '👨‍👩‍👧', '#️⃣'])(
    'accepts the reaction emoji %s: one of the server’s own by name, or one Unicode emoji',
    async (emoji) => {
      const res = await set('reactionrole', 'emojiName', emoji, owner);
      expect(res.status).toBe(200);
      expect((await res.json<ServerSettingsResponse>()).reactionrole.emojiName).toBe(emoji);
    },
  );

  it('accepts a staff role above the bot (the bot only references it)', async () => {
    expect((await set('ticket', 'staffRoleID', KENJI.moderators, owner)).status).toBe(200);
  });
});

describe('toggle rules (SPEC section 4)', () => {
  // The refusal names the fields by their labels, as the page does: a bot may pass the sentence on to a member.
  it.each([
    ['autorole', 'value: Auto-Role cannot be enabled until Role is set.'],
    ['welcomemessage', 'value: Welcome Message cannot be enabled until Channel is set.'],
    ['logs', 'value: Logs cannot be enabled until Channel is set.'],
    ['starboard', 'value: Starboard cannot be enabled until Starboard channel is set.'],
    ['reactionrole', 'value: Reaction Role cannot be enabled until Role and Message ID are set.'],
    ['ticket', 'value: Ticket cannot be enabled until Message ID and Staff role are set.'],
  ])('refuses to enable %s while what it needs is unset (%s), and stores and audits nothing', async (section, sentence) => {
    const res = await set(section, 'enabled', true, owner);
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('REQUIRED_FIELDS_UNSET');
    expect(body.error).toBe(sentence);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
    expect(await auditRows()).toHaveLength(0);
  });

  it('needs every required field: a reaction role with a role but no message id stays off', async () => {
    await set('reactionrole', 'roleID', KENJI.dj, owner);
    const res = await set('reactionrole', 'enabled', true, owner);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toBe('value: Reaction Role cannot be enabled until Message ID is set.');
    await set('reactionrole', 'messageID', MESSAGE_ID, owner);
    const ok = await set('reactionrole', 'enabled', true, owner);
    expect(ok.status).toBe(200);
    expect((await ok.json<ServerSettingsResponse>()).reactionrole).toEqual({
      enabled: true,
      roleID: KENJI.dj,
      messageID: MESSAGE_ID,
      messageChannelID: null,
      emojiName: null,
      extraPairs: [],
      mode: 'toggle',
    });
  });

  it('enables once the field is set, and disabling is always allowed', async () => {
    await set('welcomemessage', 'channelID', KENJI.welcome, owner);
    expect((await set('welcomemessage', 'enabled', true, owner)).status).toBe(200);
    expect((await set('welcomemessage', 'enabled', false, owner)).status).toBe(200);
    expect((await set('autorole', 'enabled', false, owner)).status).toBe(200);
  });

  it('toggles without requirements can always be enabled', async () => {
    expect((await set('antinuke', 'enabled', true, owner)).status).toBe(200);
    expect((await set('antimp3', 'enabled', true, owner)).status).toBe(200);
  });

  it('clearing a required field of an enabled section switches the section off, with both changes audited', async () => {
    await set('logs', 'channelID', KENJI.modLog, owner);
    await set('logs', 'enabled', true, owner);
    const res = await set('logs', 'channelID', null, owner);
    expect(res.status).toBe(200);
    expect((await res.json<ServerSettingsResponse>()).logs).toEqual({ ...defaultSettings().logs, enabled: false, channelID: null });
    const rows = (await auditRows()).map((r) => [r.key, r.old_value, r.new_value]);
    expect(rows).toEqual([
      ['channelID', 'null', JSON.stringify(KENJI.modLog)],
      ['enabled', 'false', 'true'],
      ['channelID', JSON.stringify(KENJI.modLog), 'null'],
      ['enabled', 'true', 'false'],
    ]);
  });
});

describe('toggle rules under concurrency', () => {
  it('never ends enabled without its role when "enable" and "clear the role" race', async () => {
    await settingsOf(GUILDS.kenjiLounge, owner);
    for (let round = 0; round < 5; round++) {
      await set('autorole', 'roleID', KENJI.dj, owner);
      const results = await Promise.all([set('autorole', 'enabled', true, owner), set('autorole', 'roleID', null, owner)]);
      expect(results.map((r) => r.status).every((s) => s === 200 || s === 400)).toBe(true);
      const { autorole } = await (await settingsOf(GUILDS.kenjiLounge, owner)).json<ServerSettingsResponse>();
      expect(autorole.enabled && autorole.roleID === null).toBe(false);
      await set('autorole', 'enabled', false, owner);
    }
  });
});

describe('audit', () => {
  it('records who, when, section, key, old and new value; no row for a save that changes nothing', async () => {
    const before = Date.now();
    await set('antinuke', 'whitelist', ['100000000000000003'], owner);
    await set('antinuke', 'whitelist', ['100000000000000003', '100000000000000001'], owner);
    await set('antinuke', 'whitelist', ['100000000000000003', '100000000000000001'], owner);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user_id: USERS.owner,
      user_name: 'Demo Owner',
      section: 'antinuke',
      key: 'whitelist',
      old_value: '[]',
      new_value: '["100000000000000003"]',
    });
    expect(rows[1]).toMatchObject({ old_value: '["100000000000000003"]', new_value: '["100000000000000003","100000000000000001"]' });
    expect(rows[0]?.created_at).toBeGreaterThanOrEqual(before);
  });

  it('GET /api/server-settings/audit lists the latest changes of that guild, newest first', async () => {
    await set('antimp3', 'enabled', true, owner);
    await set('jail', 'jailChannel', KENJI.general, owner);
    await set('antimp3', 'enabled', true, owner, GUILDS.glaiveStudio);
    const res = await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(res.status).toBe(200);
    const { entries } = await res.json<SettingsAuditResponse>();
    expect(entries.map((e) => [e.section, e.key, e.oldValue, e.newValue, e.userName])).toEqual([
      ['jail', 'jailChannel', null, KENJI.general, 'Demo Owner'],
      ['antimp3', 'enabled', false, true, 'Demo Owner'],
    ]);
  });
});

describe('atomic per key', () => {
  it('persists 20 concurrent updates of different keys, each with its audit row', async () => {
    // Warm the Discord caches so the burst measures our writes, not the fake Discord's rate limits.
    await settingsOf(GUILDS.kenjiLounge, owner);
    await settingsOf(GUILDS.glaiveStudio, owner);
    const writes: [string, string, string, unknown][] = [
      [GUILDS.kenjiLounge, 'antinuke', 'enabled', true],
      [GUILDS.kenjiLounge, 'antinuke', 'whitelist', ['100000000000000003']],
      [GUILDS.kenjiLounge, 'antimp3', 'enabled', true],
      [GUILDS.kenjiLounge, 'autorole', 'roleID', KENJI.dj],
      [GUILDS.kenjiLounge, 'welcomemessage', 'channelID', KENJI.welcome],
      [GUILDS.kenjiLounge, 'jail', 'jailChannel', KENJI.general],
      [GUILDS.kenjiLounge, 'logs', 'channelID', KENJI.modLog],
      [GUILDS.kenjiLounge, 'reactionrole', 'roleID', KENJI.listeners],
      [GUILDS.kenjiLounge, 'reactionrole', 'messageID', MESSAGE_ID],
      [GUILDS.kenjiLounge, 'reactionrole', 'emojiName', '⭐'],
      [GUILDS.kenjiLounge, 'starboard', 'starboardChannel', KENJI.songRequests],
      [GUILDS.kenjiLounge, 'serverDisabledCommands', 'commandNames', ['ban']],
      [GUILDS.kenjiLounge, 'ticket', 'messageID', MESSAGE_ID],
      [GUILDS.kenjiLounge, 'ticket', 'staffRoleID', KENJI.moderators],
      [GUILDS.kenjiLounge, 'ticket', 'emojiName', '🎫'],
      [GUILDS.glaiveStudio, 'antimp3', 'enabled', true],
      [GUILDS.glaiveStudio, 'autorole', 'roleID', GLAIVE.fans],
      [GUILDS.glaiveStudio, 'logs', 'channelID', GLAIVE.botCommands],
      [GUILDS.glaiveStudio, 'jail', 'jailChannel', GLAIVE.lobby],
      [GUILDS.glaiveStudio, 'ticket', 'staffRoleID', GLAIVE.artists],
    ];
    const responses = await Promise.all(writes.map(([guild, section, key, value]) => set(section, key, value, owner, guild)));
    expect(responses.map((r) => r.status)).toEqual(writes.map(() => 200));
    for (const guild of [GUILDS.kenjiLounge, GUILDS.glaiveStudio]) {
      const body = await (await settingsOf(guild, owner)).json<ServerSettingsResponse>();
      for (const [g, section, key, value] of writes) {
        if (g === guild) expect((body as unknown as Record<string, Record<string, unknown>>)[section]?.[key], `${section}.${key}`).toEqual(value);
      }
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first('n')).toBe(20);
  });
});

describe('server-rendered page', () => {
  it('puts the settings into the data island of /server/{id} for a manager', async () => {
    const res = await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(res.status).toBe(200);
    const html = await res.text();
    const island = /<script type="application\/json" id="__SM_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(island ?? '{}') as { fallback: Record<string, ServerSettingsResponse> };
    expect(data.fallback[`/api/server-settings?serverID=${GUILDS.kenjiLounge}`]?.name).toBe('Kenji Lounge');
    expect(html).toContain('Kenji Lounge');
  });

  it('leaves the settings out for a non-manager and when logged out', async () => {
    for (const cookie of [member, undefined]) {
      const html = await (await call(`/server/${GUILDS.kenjiLounge}`, { cookie })).text();
      expect(html).not.toContain(`"/api/server-settings?serverID=${GUILDS.kenjiLounge}":`);
      expect(html).not.toContain('Every change is saved');
    }
  });
});

describe('POST /api/server-settings/revert', () => {
  const revert = (body: unknown, cookie = owner) => postJson('/api/server-settings/revert', body, { cookie });
  const audit = async (query = '', cookie = owner) =>
    await (await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}${query}`, { cookie })).json<SettingsAuditResponse>();

  async function insertChange(section: string, key: string, oldValue: unknown, newValue: unknown, guildId: string = GUILDS.kenjiLounge) {
    const row = await env.DB.prepare(
      `INSERT INTO settings_audit (guild_id, user_id, user_name, section, key, old_value, new_value, created_at) VALUES (?, ?, 'Someone', ?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(guildId, USERS.member, section, key, JSON.stringify(oldValue), JSON.stringify(newValue), Date.now())
      .first<{ id: number }>();
    return row?.id ?? 0;
  }

  it("restores the change's previous value, answers the settings and audits the revert", async () => {
    expect((await set('autorole', 'roleID', KENJI.listeners, owner)).status).toBe(200);
    expect((await set('autorole', 'roleID', KENJI.dj, owner)).status).toBe(200);
    const [latest] = (await audit()).entries;
    expect(latest).toMatchObject({ key: 'roleID', oldValue: KENJI.listeners, newValue: KENJI.dj });
    const res = await revert({ serverID: GUILDS.kenjiLounge, changeID: latest?.id });
    expect(res.status).toBe(200);
    expect((await res.json<ServerSettingsResponse>()).autorole.roleID).toBe(KENJI.listeners);
    const rows = (await auditRows()).map((r) => [r.key, r.old_value, r.new_value]);
    expect(rows.at(-1)).toEqual(['roleID', JSON.stringify(KENJI.dj), JSON.stringify(KENJI.listeners)]);
  });

  it('refuses with 409 when the earlier role no longer exists, and writes nothing', async () => {
    const id = await insertChange('autorole', 'roleID', '400000000000009999', KENJI.listeners);
    const res = await revert({ serverID: GUILDS.kenjiLounge, changeID: id });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 'REVERT_NOT_POSSIBLE',
      error: 'This change cannot be reverted: role 400000000000009999 does not exist in this server.',
    });
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses with 409 to switch a module back on whose required field is unset now', async () => {
    const id = await insertChange('autorole', 'enabled', true, false);
    const res = await revert({ serverID: GUILDS.kenjiLounge, changeID: id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'REVERT_NOT_POSSIBLE',
      error: stringMatching(/^This change cannot be reverted: Auto-Role cannot be enabled until/),
    });
  });

  it('answers 404 for a change of another server or none, 400 for a malformed id, 403 to a member', async () => {
    const other = await insertChange('antimp3', 'enabled', false, true, GUILDS.glaiveStudio);
    expect((await revert({ serverID: GUILDS.kenjiLounge, changeID: other })).status).toBe(404);
    expect((await revert({ serverID: GUILDS.kenjiLounge, changeID: 999999 })).status).toBe(404);
    for (const changeID of [0, -1, 1.5, 'abc', String(other), true, '1e2', null])
      expect((await revert({ serverID: GUILDS.kenjiLounge, changeID })).status).toBe(400);
    expect((await revert({ serverID: GUILDS.kenjiLounge, changeID: other, extra: 1 })).status).toBe(400);
    const mine = await insertChange('antimp3', 'enabled', false, true);
    expect((await revert({ serverID: GUILDS.kenjiLounge, changeID: mine }, member)).status).toBe(403);
  });
});

describe('POST /api/server-settings/revert: a newer value is not overwritten', () => {
  const revert = (body: Record<string, unknown>) => postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, ...body }, { cookie: owner });
  const channelChange = async (from: string, to: string) => {
    const row = await env.DB.prepare(`SELECT id FROM settings_audit WHERE key = 'channelID' AND old_value = ? AND new_value = ? ORDER BY id DESC`)
      .bind(JSON.stringify(from), JSON.stringify(to))
      .first<{ id: number }>();
    return row?.id ?? 0;
  };
  const storedChannel = async () => (await (await settingsOf(GUILDS.kenjiLounge, owner)).json<ServerSettingsResponse>()).logs.channelID;

  beforeEach(async () => {
    await set('logs', 'channelID', KENJI.general, owner);
    await set('logs', 'channelID', KENJI.modLog, owner);
  });

  it("reverts while the stored value is still the change's new value", async () => {
    const res = await revert({ changeID: await channelChange(KENJI.general, KENJI.modLog) });
    expect(res.status).toBe(200);
    expect(await storedChannel()).toBe(KENJI.general);
  });

  it('answers 409 CONFLICT, naming who changed it since and when, when the value changed after the change, and writes nothing', async () => {
    const older = await channelChange(KENJI.general, KENJI.modLog);
    await set('logs', 'channelID', KENJI.songRequests, owner);
    const rows = (await auditRows()).length;
    const res = await revert({ changeID: older });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 'CONFLICT',
      error: 'Channel was changed by Demo Owner after this change. Nothing was reverted.',
      current: KENJI.songRequests,
      changedBy: 'Demo Owner',
      changedById: USERS.owner,
      changedAt: anyNumber(),
    });
    expect(await storedChannel()).toBe(KENJI.songRequests);
    expect(await auditRows()).toHaveLength(rows);
  });

  it('a value changed and changed back is no conflict', async () => {
    const older = await channelChange(KENJI.general, KENJI.modLog);
    await set('logs', 'channelID', KENJI.songRequests, owner);
    await set('logs', 'channelID', KENJI.modLog, owner);
    expect((await revert({ changeID: older })).status).toBe(200);
  });

  it("'Revert anyway' sends the value it was shown as expected: saved when still stored, 409 when it moved again", async () => {
    const older = await channelChange(KENJI.general, KENJI.modLog);
    await set('logs', 'channelID', KENJI.songRequests, owner);
    const stale = await revert({ changeID: older, expected: KENJI.modLog });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'CONFLICT', current: KENJI.songRequests });
    const anyway = await revert({ changeID: older, expected: KENJI.songRequests });
    expect(anyway.status).toBe(200);
    expect(await storedChannel()).toBe(KENJI.general);
  });

  it('refuses an expected value of the wrong kind with 400 naming it', async () => {
    const res = await revert({ changeID: await channelChange(KENJI.general, KENJI.modLog), expected: 42 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^expected/) });
  });
});

describe('GET /api/server-settings/audit: pages and filters', () => {
  const audit = async (query = '') =>
    await (await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}${query}`, { cookie: owner })).json<SettingsAuditResponse>();

  it('pages 20 at a time, newest first, with a cursor that ends in null', async () => {
    for (let i = 0; i < 21; i++) expect((await set('antinuke', 'enabled', i % 2 === 0, owner)).status).toBe(200);
    const first = await audit();
    expect(first.entries).toHaveLength(20);
    expect(first.next).toBe(first.entries[19]?.id);
    const second = await audit(`&before=${first.next}`);
    expect(second.entries).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(first.users).toEqual([{ userId: USERS.owner, userName: 'Demo Owner' }]);
  });

  it('filters by module and by user', async () => {
    await set('antimp3', 'enabled', true, owner);
    await set('logs', 'channelID', KENJI.modLog, owner);
    expect((await audit('&section=logs')).entries.map((e) => e.section)).toEqual(['logs']);
    expect((await audit(`&userID=${USERS.member}`)).entries).toEqual([]);
    expect((await audit(`&userID=${USERS.owner}`)).entries).toHaveLength(2);
    const bad = await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}&section=nope`, { cookie: owner });
    expect(bad.status).toBe(400);
    for (const before of ['0', '1e2', '%2B3', '0x10', '1.0', ''])
      expect((await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}&before=${before}`, { cookie: owner })).status).toBe(400);
    expect((await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}&before=1`, { cookie: owner })).status).toBe(200);
  });
});

describe('two editors: expected', () => {
  it('refuses a save whose expected value is no longer stored with 409 CONFLICT, naming who changed it, and writes nothing', async () => {
    await set('logs', 'channelID', KENJI.modLog, owner);
    const res = await update({ serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value: KENJI.general, expected: KENJI.welcome }, owner);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 'CONFLICT',
      error: 'Channel was changed by Demo Owner since you loaded the page. Nothing was saved.',
      current: KENJI.modLog,
      changedBy: 'Demo Owner',
      changedById: USERS.owner,
      changedAt: anyNumber(),
    });
    expect(await auditRows()).toHaveLength(1);
  });

  it('saves when the expected value is the stored one (or the default of a never-saved key)', async () => {
    expect((await update({ serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value: KENJI.modLog, expected: null }, owner)).status).toBe(200);
    expect(
      (await update({ serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value: KENJI.general, expected: KENJI.modLog }, owner)).status,
    ).toBe(200);
    expect((await update({ serverID: GUILDS.kenjiLounge, section: 'antinuke', key: 'whitelist', value: [USERS.member], expected: [] }, owner)).status).toBe(
      200,
    );
  });

  it('of two concurrent saves from the same starting value exactly one wins', async () => {
    const results = await Promise.all(
      [KENJI.general, KENJI.welcome].map((value) => update({ serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value, expected: null }, owner)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditRows()).toHaveLength(1);
  });

  it('without expected the last write wins (old clients, the bot); a malformed expected is 400', async () => {
    await set('logs', 'channelID', KENJI.modLog, owner);
    expect((await set('logs', 'channelID', KENJI.general, owner)).status).toBe(200);
    const bad = await update({ serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value: KENJI.general, expected: 'abc' }, owner);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^expected/) });
  });
});
