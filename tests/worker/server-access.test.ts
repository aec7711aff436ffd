import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AllowedServer } from '../../src/shared/servers';
import type { ServerAccessResponse } from '../../src/shared/server-access';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { clearKv, DISCORD, GUILDS, loginDemoUsers, setFault, USERS } from './helpers/login';
import { importAntiMp3 } from './helpers/import-request';
import { call, postJson } from './helpers/request';

// Demo data ids (dev/fake-discord/data.ts). Demo Owner owns Kenji Lounge and has Manage Server in Glaive
// Studio; Demo Member holds Listeners and DJ in Kenji Lounge and Listeners in Lofi Café, and manages nothing.
const KENJI = {
  listeners: '400000000000001001',
  dj: '400000000000001002',
  botRole: '400000000000001003', // managed by the bot's integration
  moderators: '400000000000001004',
  loungeStaff: '400000000000001005', // carries Administrator (1 << 3 = 8)
};
const GLAIVE_ARTISTS = '400000000000002002';
const LOFI_LISTENERS = '400000000000003001';

const grant = (body: Record<string, unknown>, cookie: string) => postJson('/api/update-server-access', body, { cookie });
const grantsOf = (guildId: string, cookie: string) => call(`/api/server-access?serverID=${guildId}`, { cookie });
const settingsOf = (guildId: string, cookie: string) => call(`/api/server-settings?serverID=${guildId}`, { cookie });
const save = (cookie: string, value = true) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value }, { cookie });
const allowed = async (cookie: string) => (await call('/api/allowed-servers', { cookie })).json<AllowedServer[]>();
const importDocument = importAntiMp3;

async function storedGrants() {
  const { results } = await env.DB.prepare('SELECT guild_id, role_id, level, granted_by FROM server_access ORDER BY guild_id, role_id').all();
  return results;
}
const settingRows = async () => env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first<number>('n');

/** Stores a grant as the owner would, through the API (so the test also exercises it). */
async function ownerGrants(roleID: string, level: 'read' | 'write', serverID: string = GUILDS.kenjiLounge) {
  const res = await grant({ serverID, roleID, level }, owner);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function setMemberRoles(guildId: string, userId: string, roles: string[]) {
  const res = await fetch(`${DISCORD}/__demo/member-roles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ guildId, userId, roles }),
  });
  expect(res.status).toBe(200);
}

/** How often the Worker asked Discord for a user's own roles in a guild (with their token: the bot's limits are not spent). */
async function memberLookups(guildId: string): Promise<number> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { path: string; auth: string }[] }>();
  return calls.filter((c) => c.path === `/api/v10/users/@me/guilds/${guildId}/member` && c.auth === 'user').length;
}

let owner = '';
let member = '';

beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([
    env.DB.prepare('DELETE FROM server_access'),
    env.DB.prepare('DELETE FROM guild_settings'),
    env.DB.prepare('DELETE FROM settings_audit'),
    env.DB.prepare('DELETE FROM whitelist'),
  ]);
});

afterEach(async () => {
  // Other test files share the fake Discord: put back the roles a test changed, and end any fault.
  await setMemberRoles(GUILDS.kenjiLounge, USERS.member, [KENJI.listeners, KENJI.dj]);
  await setFault({ mode: 'none' });
});

describe('GET /api/server-access and POST /api/update-server-access', () => {
  it('answers 401 when logged out', async () => {
    expect((await call(`/api/server-access?serverID=${GUILDS.kenjiLounge}`)).status).toBe(401);
    const res = await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: 'read' });
    expect(res.status).toBe(401);
    expect(await storedGrants()).toEqual([]);
  });

  it('lets the owner add, change and remove a grant, answering the grants each time', async () => {
    expect(await (await grantsOf(GUILDS.kenjiLounge, owner)).json()).toEqual({ grants: [] });

    const added = await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: 'read' }, owner);
    expect(added.status).toBe(200);
    expect(added.headers.get('Cache-Control')).toContain('no-store');
    expect(await added.json()).toEqual({ grants: [{ roleID: KENJI.dj, level: 'read' }] });

    await ownerGrants(KENJI.listeners, 'write');
    await ownerGrants(KENJI.dj, 'write');
    expect(await (await grantsOf(GUILDS.kenjiLounge, owner)).json<ServerAccessResponse>()).toEqual({
      grants: [
        { roleID: KENJI.listeners, level: 'write' },
        { roleID: KENJI.dj, level: 'write' },
      ],
    });
    expect(await storedGrants()).toEqual([
      { guild_id: GUILDS.kenjiLounge, role_id: KENJI.listeners, level: 'write', granted_by: USERS.owner },
      { guild_id: GUILDS.kenjiLounge, role_id: KENJI.dj, level: 'write', granted_by: USERS.owner },
    ]);

    const removed = await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: null }, owner);
    expect(await removed.json()).toEqual({ grants: [{ roleID: KENJI.listeners, level: 'write' }] });
    // Removing what is not there is not an error (two tabs removing the same grant).
    expect((await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: null }, owner)).status).toBe(200);
  });

  it("removes a grant only in the server named: another server's grant of that role id stays", async () => {
    await ownerGrants(GLAIVE_ARTISTS, 'write', GUILDS.glaiveStudio);
    await ownerGrants(KENJI.dj, 'read');
    const removed = await grant({ serverID: GUILDS.kenjiLounge, roleID: GLAIVE_ARTISTS, level: null }, owner);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ grants: [{ roleID: KENJI.dj, level: 'read' }] });
    expect(await storedGrants()).toEqual([
      { guild_id: GUILDS.kenjiLounge, role_id: KENJI.dj, level: 'read', granted_by: USERS.owner },
      { guild_id: GUILDS.glaiveStudio, role_id: GLAIVE_ARTISTS, level: 'write', granted_by: USERS.owner },
    ]);
  });

  it('lets a Manage Server member (not the owner) grant in that server', async () => {
    await ownerGrants(GLAIVE_ARTISTS, 'read', GUILDS.glaiveStudio);
    expect(await (await grantsOf(GUILDS.glaiveStudio, owner)).json()).toEqual({ grants: [{ roleID: GLAIVE_ARTISTS, level: 'read' }] });
  });

  it.each([
    ['a level that is not read, write or null', { level: 'admin' }, /^level/],
    ['a missing level', { level: undefined }, /^level/],
    ['the level "manage" (it cannot be granted)', { level: 'manage' }, /^level/],
    ['a roleID that is not a snowflake', { roleID: 'DJ' }, /^roleID/],
    ['a malformed serverID', { serverID: '123' }, /^serverID/],
    ['an unknown field', { extra: 1 }, /extra|Unrecognized|unknown/i],
  ])('refuses %s with 400 INVALID_INPUT and stores nothing', async (_name, change, message) => {
    const res = await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: 'read', ...change }, owner);
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; error: string }>();
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.error).toMatch(message);
    expect(await storedGrants()).toEqual([]);
  });

  it.each([
    ['a role of another server', GLAIVE_ARTISTS, /does not exist in this server/],
    ['a role id no server has', '400000000000009999', /does not exist in this server/],
    ['@everyone (the server id)', GUILDS.kenjiLounge, /@everyone/],
  ])('refuses %s with 400 INVALID_REFERENCE and stores nothing', async (_name, roleID, message) => {
    const res = await grant({ serverID: GUILDS.kenjiLounge, roleID, level: 'read' }, owner);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE', error: expect.stringMatching(message) as unknown });
    expect(await storedGrants()).toEqual([]);
  });

  it('takes a role managed by an integration (a bot role)', async () => {
    await ownerGrants(KENJI.botRole, 'read');
    expect(await storedGrants()).toHaveLength(1);
  });

  it('still removes the grant of a role deleted in Discord since', async () => {
    await env.DB.prepare("INSERT INTO server_access VALUES (?, '400000000000009999', 'read', ?, 0)").bind(GUILDS.kenjiLounge, USERS.owner).run();
    const res = await grant({ serverID: GUILDS.kenjiLounge, roleID: '400000000000009999', level: null }, owner);
    expect(await res.json()).toEqual({ grants: [] });
  });

  it('answers 403 to a user who does not manage the server, with or without a grant, and changes nothing', async () => {
    const lookups = await memberLookups(GUILDS.kenjiLounge);
    for (const level of [null, 'read', 'write'] as const) {
      if (level !== null) await ownerGrants(KENJI.dj, level);
      const list = await grantsOf(GUILDS.kenjiLounge, member);
      expect(list.status, `GET with ${level ?? 'no'} grant`).toBe(403);
      expect(await list.json()).toMatchObject({ code: 'FORBIDDEN' });
      const res = await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.listeners, level: 'write' }, member);
      expect(res.status, `POST with ${level ?? 'no'} grant`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await storedGrants()).toEqual([{ guild_id: GUILDS.kenjiLounge, role_id: KENJI.dj, level: 'write', granted_by: USERS.owner }]);
    // No grant reaches 'manage', so Discord was not asked for the member's roles.
    expect(await memberLookups(GUILDS.kenjiLounge)).toBe(lookups);
  });

  it('answers 403 for a server the owner is only a plain member of (Lofi Café) and for one without the bot', async () => {
    expect((await grant({ serverID: GUILDS.lofiCafe, roleID: LOFI_LISTENERS, level: 'read' }, owner)).status).toBe(403);
    expect((await grantsOf(GUILDS.ownerSandbox, owner)).status).toBe(403);
    expect(await storedGrants()).toEqual([]);
  });
});

describe('what each level may do', () => {
  it('without a grant, a plain member sees no server and gets 403 everywhere', async () => {
    expect((await allowed(member)).map((s) => s.id)).not.toContain(GUILDS.kenjiLounge);
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    expect((await call(`/server/${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(403);
  });

  it("lists the owner's servers as 'manage'", async () => {
    const servers = await allowed(owner);
    expect(servers.find((s) => s.id === GUILDS.kenjiLounge)?.access).toBe('manage');
    expect(servers.find((s) => s.id === GUILDS.glaiveStudio)?.access).toBe('manage');
    expect(servers.map((s) => s.id)).not.toContain(GUILDS.lofiCafe);
  });

  it("'read' opens the settings, the audit, the export and the page, and nothing that writes", async () => {
    await ownerGrants(KENJI.dj, 'read');
    expect(await allowed(member)).toContainEqual({ id: GUILDS.kenjiLounge, name: 'Kenji Lounge', icon: null, users: 1284, access: 'read', modulesOn: 0 });

    const read = await settingsOf(GUILDS.kenjiLounge, member);
    expect(read.status).toBe(200);
    expect(await read.json<ServerSettingsResponse>()).toMatchObject({ id: GUILDS.kenjiLounge, access: 'read' });
    expect((await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(200);
    expect((await call(`/api/server-settings/export?serverID=${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(200);
    expect((await call(`/server/${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(200);

    const write = await save(member);
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringMatching(/not change/) as unknown });
    expect((await importDocument(member, true)).status).toBe(403);
    expect((await importDocument(member, false)).status).toBe(403);
    expect(await settingRows()).toBe(0);

    // A change made by the owner cannot be reverted by a reader.
    expect((await save(owner)).status).toBe(200);
    const changeID = await env.DB.prepare('SELECT id FROM settings_audit').first<number>('id');
    expect((await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID }, { cookie: member })).status).toBe(403);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first('n')).toBe(1);
  });

  it("'write' changes settings (audited as the member), reverts and imports, but cannot grant or whitelist", async () => {
    await ownerGrants(KENJI.dj, 'write');
    expect((await allowed(member)).find((s) => s.id === GUILDS.kenjiLounge)?.access).toBe('write');
    expect((await (await settingsOf(GUILDS.kenjiLounge, member)).json<ServerSettingsResponse>()).access).toBe('write');

    expect((await save(member)).status).toBe(200);
    const audit = await env.DB.prepare('SELECT id, user_id FROM settings_audit').first<{ id: number; user_id: string }>();
    expect(audit?.user_id).toBe(USERS.member);
    expect((await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: audit?.id }, { cookie: member })).status).toBe(200);
    const imported = await importDocument(member, false);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ applied: true, changes: [{ section: 'antimp3', key: 'enabled', from: false, to: true }] });

    expect((await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.listeners, level: 'write' }, member)).status).toBe(403);
    expect((await grantsOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    const licence = await postJson('/api/add-whitelisted-server', { newServerID: GUILDS.kenjiLounge }, { cookie: member });
    expect(licence.status).toBe(403);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM whitelist').first('n')).toBe(0);
  });

  it('takes the highest level of the roles the member holds, and ignores grants of roles they lack', async () => {
    await ownerGrants(KENJI.moderators, 'write'); // not held by Demo Member
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    await ownerGrants(KENJI.listeners, 'read');
    await ownerGrants(KENJI.dj, 'write');
    expect((await allowed(member)).find((s) => s.id === GUILDS.kenjiLounge)?.access).toBe('write');
    expect((await save(member)).status).toBe(200);
  });

  it('a grant in a server the member is not in opens nothing, and Discord is not asked about it', async () => {
    await ownerGrants(GLAIVE_ARTISTS, 'write', GUILDS.glaiveStudio);
    const before = await memberLookups(GUILDS.glaiveStudio);
    expect((await allowed(member)).map((s) => s.id)).not.toContain(GUILDS.glaiveStudio);
    expect((await settingsOf(GUILDS.glaiveStudio, member)).status).toBe(403);
    expect(await memberLookups(GUILDS.glaiveStudio)).toBe(before);
  });

  it('asks Discord for member roles only in servers with grants, once per cache period', async () => {
    const [kenjiBefore, lofiBefore] = [await memberLookups(GUILDS.kenjiLounge), await memberLookups(GUILDS.lofiCafe)];
    await allowed(member);
    expect(await memberLookups(GUILDS.kenjiLounge)).toBe(kenjiBefore); // no grants anywhere: no lookups
    await ownerGrants(KENJI.dj, 'read');
    await allowed(member);
    await allowed(member);
    await settingsOf(GUILDS.kenjiLounge, member);
    expect(await memberLookups(GUILDS.kenjiLounge)).toBe(kenjiBefore + 1);
    expect(await memberLookups(GUILDS.lofiCafe)).toBe(lofiBefore);
  });

  it('the settings page of a granted server asks Discord for the member once, on a cold cache', async () => {
    await ownerGrants(KENJI.dj, 'read');
    await clearKv(env.CACHE);
    const before = await memberLookups(GUILDS.kenjiLounge);
    expect((await call(`/server/${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(200);
    expect(await memberLookups(GUILDS.kenjiLounge)).toBe(before + 1);
  });

  it('a removed grant ends access at once (grants are read on every call)', async () => {
    await ownerGrants(KENJI.dj, 'write');
    expect((await save(member)).status).toBe(200);
    await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.dj, level: null }, owner);
    expect((await save(member, false)).status).toBe(403);
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    expect((await allowed(member)).map((s) => s.id)).not.toContain(GUILDS.kenjiLounge);
  });

  it('a level lowered from write to read takes effect at once', async () => {
    await ownerGrants(KENJI.dj, 'write');
    expect((await save(member)).status).toBe(200);
    await ownerGrants(KENJI.dj, 'read');
    expect((await save(member, false)).status).toBe(403);
  });

  it('a role taken away in Discord ends access when the cached member roles expire (60 s), not before', async () => {
    await ownerGrants(KENJI.dj, 'read');
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(200);
    await setMemberRoles(GUILDS.kenjiLounge, USERS.member, [KENJI.listeners]);
    // Within the cache period the cached roles still count.
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(200);
    // Past it (the cache entry gone, as KV expires it), Discord's answer counts.
    await env.CACHE.delete(`discord:member-roles:${GUILDS.kenjiLounge}:${USERS.member}`);
    expect((await settingsOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    expect((await allowed(member)).map((s) => s.id)).not.toContain(GUILDS.kenjiLounge);
  });

  it('a member given a role with Administrator (bit 1 << 3) manages the server and may grant', async () => {
    await setMemberRoles(GUILDS.kenjiLounge, USERS.member, [KENJI.loungeStaff]);
    // The user's guild list now reports the Administrator bit in Kenji Lounge's permissions.
    const { guilds } = await (await fetch(`${DISCORD}/__demo/state`)).json<{ guilds: { id: string; roles: { id: string; permissions: string }[] }[] }>();
    const staff = guilds.find((g) => g.id === GUILDS.kenjiLounge)?.roles.find((r) => r.id === KENJI.loungeStaff);
    expect(BigInt(staff?.permissions ?? '0') & 8n).toBe(8n);
    expect((await allowed(member)).find((s) => s.id === GUILDS.kenjiLounge)?.access).toBe('manage');
    expect((await grant({ serverID: GUILDS.kenjiLounge, roleID: KENJI.listeners, level: 'read' }, member)).status).toBe(200);
  });

  it('when Discord fails on the member lookup, the list leaves that server out and its settings answer 502, not 500', async () => {
    await ownerGrants(KENJI.dj, 'read');
    await setFault({ mode: '500', pathPrefix: `/users/@me/guilds/${GUILDS.kenjiLounge}/member` });
    const list = await call('/api/allowed-servers', { cookie: member });
    expect(list.status).toBe(200);
    expect((await list.json<AllowedServer[]>()).map((s) => s.id)).not.toContain(GUILDS.kenjiLounge);
    const read = await settingsOf(GUILDS.kenjiLounge, member);
    expect(read.status).toBe(502);
    expect(await read.json()).toMatchObject({ code: 'DISCORD_UNAVAILABLE' });
    // The owner does not depend on member lookups.
    expect((await settingsOf(GUILDS.kenjiLounge, owner)).status).toBe(200);
  });
});
