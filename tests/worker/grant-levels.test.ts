import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AllowedServer } from '../../src/shared/servers';
import { clearKv, DISCORD, GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

// "The highest grant wins", told apart from "the last wins" and "the first wins": the grants are read in role id
// order (Listeners 1001 before DJ 1002), and Demo Member holds both roles in Kenji Lounge.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';

let owner = '';
let member = '';

const grant = async (roleID: string, level: 'read' | 'write' | null) => {
  const res = await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID, level }, { cookie: owner });
  expect(res.status).toBe(200);
};
const listedAccess = async () =>
  (await (await call('/api/allowed-servers', { cookie: member })).json<AllowedServer[]>()).find((server) => server.id === GUILDS.kenjiLounge)?.access;
const save = () =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie: member });
const pageAccess = async () => {
  const res = await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: member });
  expect(res.status).toBe(200);
  return (await res.json<{ access: string }>()).access;
};
const setMemberRoles = async (roles: string[]) => {
  const res = await fetch(`${DISCORD}/__demo/member-roles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ guildId: GUILDS.kenjiLounge, userId: USERS.member, roles }),
  });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM server_access'), env.DB.prepare('DELETE FROM guild_settings')]);
});

afterEach(async () => {
  await setMemberRoles([LISTENERS, DJ]);
  await env.DB.batch([env.DB.prepare('DELETE FROM server_access'), env.DB.prepare('DELETE FROM guild_settings')]);
});

describe('the highest level of the roles a member holds', () => {
  it('write on the role read first and read on the one read last: write (the last grant would say read)', async () => {
    await grant(LISTENERS, 'write');
    await grant(DJ, 'read');
    expect(await listedAccess()).toBe('write');
    expect(await pageAccess()).toBe('write');
    expect((await save()).status).toBe(200);
  });

  it('read on the role read first and write on the one read last: write (the first grant would say read)', async () => {
    await grant(LISTENERS, 'read');
    await grant(DJ, 'write');
    expect(await listedAccess()).toBe('write');
    expect(await pageAccess()).toBe('write');
    expect((await save()).status).toBe(200);
  });

  it('granted in the other order in time, the same: neither the newest nor the oldest grant decides', async () => {
    await grant(DJ, 'read');
    await grant(LISTENERS, 'write');
    expect(await pageAccess()).toBe('write');
    await env.DB.prepare('DELETE FROM server_access').run();
    await grant(LISTENERS, 'write');
    await grant(DJ, 'read');
    expect(await pageAccess()).toBe('write');
  });

  it('whatever order Discord lists the member’s roles in', async () => {
    await setMemberRoles([DJ, LISTENERS]);
    await grant(LISTENERS, 'write');
    await grant(DJ, 'read');
    expect(await pageAccess()).toBe('write');
    expect((await save()).status).toBe(200);
  });

  it('two read grants are read: no save', async () => {
    await grant(LISTENERS, 'read');
    await grant(DJ, 'read');
    expect(await listedAccess()).toBe('read');
    expect(await pageAccess()).toBe('read');
    const res = await save();
    expect(res.status).toBe(403);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first('n')).toBe(0);
  });

  it('the write grant of a role the member lost does not count, even as the highest', async () => {
    await setMemberRoles([DJ]);
    await grant(LISTENERS, 'write');
    await grant(DJ, 'read');
    expect(await listedAccess()).toBe('read');
    expect((await save()).status).toBe(403);
  });
});
