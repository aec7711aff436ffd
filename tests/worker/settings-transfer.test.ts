import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, anyString, stringMatching } from './helpers/expect-helpers';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import type { SettingsDocument, SettingsImportResponse } from '../../src/shared/settings/transfer';
import { clearKv, GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge and manages Glaive Studio.
const KENJI = {
  listeners: '400000000000001001',
  dj: '400000000000001002',
  moderators: '400000000000001004',
  modLog: '500000000000001010',
  general: '500000000000001004',
};
const GLAIVE = { fans: '400000000000002001', lobby: '500000000000002008' };

let owner = '';
let member = '';

beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

const set = (serverID: string, section: string, key: string, value: unknown) =>
  postJson('/api/update-server-settings', { serverID, section, key, value }, { cookie: owner });
const exportOf = (serverID: string, cookie = owner) => call(`/api/server-settings/export?serverID=${serverID}`, { cookie });
const importInto = (body: Record<string, unknown>, cookie = owner) => postJson('/api/server-settings/import', body, { cookie });
const document = (settings: Record<string, Record<string, unknown>>) => ({
  format: 'servermanager.settings',
  version: 1,
  exportedAt: '2026-11-23T00:00:00.000Z',
  source: { serverID: GUILDS.kenjiLounge, name: 'Kenji Lounge' },
  settings,
});
const storedRows = async () => (await env.DB.prepare('SELECT section, key, value FROM guild_settings ORDER BY section, key').all()).results;

describe('GET /api/server-settings/export', () => {
  it('answers the settings as a JSON attachment in the documented envelope', async () => {
    await set(GUILDS.kenjiLounge, 'autorole', 'roleID', KENJI.listeners);
    const res = await exportOf(GUILDS.kenjiLounge);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="kenji-lounge-settings.json"');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const body = await res.json<SettingsDocument>();
    expect(body).toMatchObject({ format: 'servermanager.settings', version: 1, source: { serverID: GUILDS.kenjiLounge, name: 'Kenji Lounge' } });
    expect(Number.isNaN(Date.parse(body.exportedAt))).toBe(false);
    expect(body.settings.autorole).toEqual({ enabled: false, roleID: KENJI.listeners });
  });

  it('is refused for a server the user does not manage (403) and when logged out (401)', async () => {
    expect((await exportOf(GUILDS.kenjiLounge, member)).status).toBe(403);
    expect((await call(`/api/server-settings/export?serverID=${GUILDS.kenjiLounge}`)).status).toBe(401);
  });
});

describe('POST /api/server-settings/import', () => {
  it('a dry run lists changes and skips with reasons, and writes nothing', async () => {
    const res = await importInto({
      serverID: GUILDS.kenjiLounge,
      dryRun: true,
      document: document({
        autorole: { roleID: KENJI.listeners, enabled: true },
        logs: { channelID: GLAIVE.lobby, enabled: true },
        antinuke: { whitelist: ['12345'] },
        music: { volume: 3 },
        antimp3: { enabled: false },
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json<SettingsImportResponse>();
    expect(body.applied).toBe(false);
    expect(body.changes).toEqual([
      { section: 'autorole', key: 'roleID', from: null, to: KENJI.listeners },
      { section: 'autorole', key: 'enabled', from: false, to: true },
    ]);
    expect(body.skipped).toEqual([
      { section: 'logs', key: 'channelID', reason: `Channel ${GLAIVE.lobby} does not exist in this server.` },
      { section: 'antinuke', key: 'whitelist', reason: stringMatching(/^value/) },
      { section: 'music', key: '*', reason: "'music' is not a module of this dashboard." },
      { section: 'logs', key: 'enabled', reason: 'Logs cannot be turned on until a channel is set.' },
    ]);
    expect(await storedRows()).toEqual([]);
  });

  it('applies every change in one go, audited, and a second import of the same document changes nothing', async () => {
    const doc = document({ autorole: { enabled: true, roleID: KENJI.listeners }, logs: { channelID: KENJI.modLog } });
    const first = await (await importInto({ serverID: GUILDS.kenjiLounge, document: doc })).json<SettingsImportResponse>();
    expect(first.applied).toBe(true);
    expect(first.changes).toHaveLength(3);
    const settings = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
    expect(settings.autorole).toEqual({ enabled: true, roleID: KENJI.listeners });
    expect(settings.logs.channelID).toBe(KENJI.modLog);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first('n')).toBe(3);
    const again = await (await importInto({ serverID: GUILDS.kenjiLounge, document: doc })).json<SettingsImportResponse>();
    expect(again).toEqual({ changes: [], skipped: [], applied: true, fingerprint: stringMatching(/^[\w-]{22}$/) });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first('n')).toBe(3);
  });

  it('a switch turns on with a field stored before the import, and not with one the import clears: the settings after it decide', async () => {
    await set(GUILDS.kenjiLounge, 'autorole', 'roleID', KENJI.listeners);
    const keeps = await (
      await importInto({ serverID: GUILDS.kenjiLounge, dryRun: true, document: document({ autorole: { enabled: true } }) })
    ).json<SettingsImportResponse>();
    expect(keeps.changes).toEqual([{ section: 'autorole', key: 'enabled', from: false, to: true }]);
    expect(keeps.skipped).toEqual([]);
    const clears = await (
      await importInto({ serverID: GUILDS.kenjiLounge, dryRun: true, document: document({ autorole: { enabled: true, roleID: null } }) })
    ).json<SettingsImportResponse>();
    expect(clears.changes).toEqual([{ section: 'autorole', key: 'roleID', from: KENJI.listeners, to: null }]);
    expect(clears.skipped).toEqual([{ section: 'autorole', key: 'enabled', reason: 'Auto-Role cannot be turned on until a role is set.' }]);
  });

  it("copies another server's settings, leaving out its roles and channels", async () => {
    await set(GUILDS.glaiveStudio, 'autorole', 'roleID', GLAIVE.fans);
    await set(GUILDS.glaiveStudio, 'antimp3', 'enabled', true);
    const source = await (await exportOf(GUILDS.glaiveStudio)).json<SettingsDocument>();
    const body = await (await importInto({ serverID: GUILDS.kenjiLounge, document: source, dryRun: true })).json<SettingsImportResponse>();
    expect(body.changes).toEqual([{ section: 'antimp3', key: 'enabled', from: false, to: true }]);
    expect(body.skipped).toEqual([{ section: 'autorole', key: 'roleID', reason: `Role ${GLAIVE.fans} does not exist in this server.` }]);
  });

  it.each([
    ['another format', { ...document({}), format: 'mee6.settings' }],
    ['another version', { ...document({}), version: 2 }],
    ['no settings object', { ...document({}), settings: 'all' }],
  ])('refuses %s with 400 and writes nothing', async (_name, doc) => {
    const res = await importInto({ serverID: GUILDS.kenjiLounge, document: doc });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^document\./) });
    expect(await storedRows()).toEqual([]);
  });

  it('is refused to a member (403), and dryRun must be a boolean', async () => {
    expect((await importInto({ serverID: GUILDS.kenjiLounge, document: document({}) }, member)).status).toBe(403);
    expect((await importInto({ serverID: GUILDS.kenjiLounge, document: document({}), dryRun: 'yes' })).status).toBe(400);
  });
});

describe('POST /api/server-settings/import: applying what the dry run showed', () => {
  const doc = document({ autorole: { roleID: KENJI.listeners, enabled: true }, logs: { channelID: KENJI.modLog } });
  const dryRun = async () => (await importInto({ serverID: GUILDS.kenjiLounge, document: doc, dryRun: true })).json<SettingsImportResponse>();
  const apply = (expected?: unknown) => importInto({ serverID: GUILDS.kenjiLounge, document: doc, ...(expected === undefined ? {} : { expected }) });

  it('answers a fingerprint of what it compared, the same while nothing changes', async () => {
    const first = await dryRun();
    expect(first.fingerprint).toEqual(anyString());
    expect((await dryRun()).fingerprint).toBe(first.fingerprint);
  });

  it('applies when the settings are still what the dry run saw', async () => {
    const { fingerprint } = await dryRun();
    const res = await apply(fingerprint);
    expect(res.status).toBe(200);
    expect((await res.json<SettingsImportResponse>()).changes).toHaveLength(3);
  });

  it('answers 409 CONFLICT with the new preview, naming who changed what it would overwrite, and writes nothing', async () => {
    const { fingerprint } = await dryRun();
    expect((await set(GUILDS.kenjiLounge, 'logs', 'channelID', KENJI.general)).status).toBe(200);
    const rows = await storedRows();
    const res = await apply(fingerprint);
    expect(res.status).toBe(409);
    const body = await res.json<{ current: SettingsImportResponse }>();
    expect(body).toEqual({
      code: 'CONFLICT',
      error: 'Demo Owner changed these settings since the preview. Nothing was imported.',
      current: { changes: expect.any(Array) as unknown, skipped: [], applied: false, fingerprint: anyString() },
      changedBy: 'Demo Owner',
      changedById: USERS.owner,
      changedAt: anyNumber(),
    });
    expect(body.current.changes).toContainEqual({ section: 'logs', key: 'channelID', from: KENJI.general, to: KENJI.modLog });
    expect(body.current.fingerprint).not.toBe(fingerprint);
    expect(await storedRows()).toEqual(rows);

    // 'Import anyway' sends the fingerprint of the preview it now shows.
    const anyway = await apply(body.current.fingerprint);
    expect(anyway.status).toBe(200);
    const settings = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
    expect(settings.logs.channelID).toBe(KENJI.modLog);
  });

  it('a change to a module the document does not touch is no conflict', async () => {
    const { fingerprint } = await dryRun();
    expect((await set(GUILDS.kenjiLounge, 'antimp3', 'enabled', true)).status).toBe(200);
    expect((await apply(fingerprint)).status).toBe(200);
  });

  it('without a fingerprint the import applies as before; a fingerprint that is not text is a 400', async () => {
    expect((await apply(123)).status).toBe(400);
    expect((await apply()).status).toBe(200);
  });
});
