// Issue 37: an import is checked and written as one, as a save is. A save of another field of a module the import
// changes, made after the import's plan and before its write, must not slip under the plan's checks (Reaction
// Role's duplicate emoji): the write requires the modules it changes as the plan saw them, else nothing is written
// and the import is planned again on the new settings (a CONFLICT when the person confirmed a preview).
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import type { SettingsImportResponse } from '../../src/shared/settings/transfer';
import { anyString } from './helpers/expect-helpers';
import { clearKv, GUILDS, loginDemoUsers } from './helpers/login';
import { postWithWritesInterleaved } from './helpers/interleaved-writes';
import { call, postJson } from './helpers/request';

// Kenji Lounge's roles below the bot, and a text channel.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MOD_LOG = '500000000000001010';

let owner = '';
beforeAll(async () => {
  ({ owner } = await loginDemoUsers());
});
beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
  expect((await set('reactionrole', 'emojiName', '⭐')).status).toBe(200);
  expect((await set('reactionrole', 'roleID', LISTENERS)).status).toBe(200);
});

const set = (section: string, key: string, value: unknown) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: owner });
const stored = async () => (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
const auditKeys = async () =>
  (await env.DB.prepare('SELECT section, key FROM settings_audit ORDER BY id').all<{ section: string; key: string }>()).results.map(
    (row) => `${row.section}.${row.key}`,
  );
const BEFORE_IMPORT = ['reactionrole.emojiName', 'reactionrole.roleID'];

const document = (settings: Record<string, Record<string, unknown>>) => ({
  format: 'servermanager.settings',
  version: 1,
  exportedAt: '2026-11-23T00:00:00.000Z',
  source: { serverID: GUILDS.kenjiLounge, name: 'Kenji Lounge' },
  settings,
});
// A first-pair emoji for Reaction Role, and a field of another module, in one document.
const DOCUMENT = document({ reactionrole: { emojiName: '🎮' }, logs: { channelID: MOD_LOG } });

/** Imports with a save slipped in after the import's plan and before its write (helpers/interleaved-writes.ts). */
const importWithOthersBetween = (between: (attempt: number) => Promise<unknown>, extra: Record<string, unknown> = {}) =>
  postWithWritesInterleaved('/api/server-settings/import', { serverID: GUILDS.kenjiLounge, document: DOCUMENT, ...extra }, owner, between);

const pairWith = (emojiName: string) => [{ emojiName, roleID: DJ }];

describe('an import and a save of another field of a module it changes, at the same moment', () => {
  it('stores no emoji twice: the import is planned again on the new pairs, and the emoji it would repeat is skipped with a reason', async () => {
    const race = importWithOthersBetween(async (attempt) => {
      if (attempt === 1) expect((await set('reactionrole', 'extraPairs', pairWith('🎮'))).status).toBe(200);
    });
    const answer = await race.response;
    expect(answer.status).toBe(200);
    const body = await answer.json<SettingsImportResponse>();
    expect(race.attempts()).toBe(2);
    expect(body.changes).toEqual([{ section: 'logs', key: 'channelID', from: null, to: MOD_LOG }]);
    expect(body.skipped).toEqual([{ section: 'reactionrole', key: 'emojiName', reason: expect.stringContaining('🎮') as string }]);
    expect((await stored()).reactionrole).toMatchObject({ emojiName: '⭐', extraPairs: pairWith('🎮') });
    // The first attempt wrote nothing, not even the other module's field: its history has one row of the import.
    expect(await auditKeys()).toEqual([...BEFORE_IMPORT, 'reactionrole.extraPairs', 'logs.channelID']);
  });

  it('applies on fresh rows when the change does not break the rule (interrupted twice: written by the third attempt)', async () => {
    const modes = ['unique', 'verify'];
    const race = importWithOthersBetween(async (attempt) => {
      if (attempt <= 2) expect((await set('reactionrole', 'mode', modes[attempt - 1])).status).toBe(200);
    });
    expect((await race.response).status).toBe(200);
    expect(race.attempts()).toBe(3);
    expect((await stored()).reactionrole).toMatchObject({ emojiName: '🎮', mode: 'verify' });
    expect(await auditKeys()).toEqual([...BEFORE_IMPORT, 'reactionrole.mode', 'reactionrole.mode', 'reactionrole.emojiName', 'logs.channelID']);
  });

  it('is a 409 CHANGED_MEANWHILE with {error, code}, writing nothing, when the module changed before each of its 3 attempts', async () => {
    const modes = ['unique', 'verify', 'toggle'];
    const race = importWithOthersBetween(async (attempt) => {
      if (attempt <= 3) expect((await set('reactionrole', 'mode', modes[attempt - 1])).status).toBe(200);
    });
    const answer = await race.response;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      code: 'CHANGED_MEANWHILE',
      error: 'These settings kept changing while they were imported. Nothing was imported; please try again.',
    });
    expect(race.attempts()).toBe(3);
    const after = await stored();
    expect(after.reactionrole).toMatchObject({ emojiName: '⭐', mode: 'toggle' });
    expect(after.logs.channelID).toBeNull();
    expect(await auditKeys()).toEqual([...BEFORE_IMPORT, 'reactionrole.mode', 'reactionrole.mode', 'reactionrole.mode']);
  });

  it('after a preview, is the 409 CONFLICT of a changed preview, naming who, and writes nothing', async () => {
    const preview = await (
      await postJson('/api/server-settings/import', { serverID: GUILDS.kenjiLounge, document: DOCUMENT, dryRun: true }, { cookie: owner })
    ).json<SettingsImportResponse>();
    const race = importWithOthersBetween(
      async (attempt) => {
        if (attempt === 1) expect((await set('reactionrole', 'extraPairs', pairWith('🎮'))).status).toBe(200);
      },
      { expected: preview.fingerprint },
    );
    const answer = await race.response;
    expect(answer.status).toBe(409);
    const body = await answer.json<{ code: string; error: string; current: SettingsImportResponse }>();
    expect(body).toMatchObject({ code: 'CONFLICT', error: 'Demo Owner changed these settings since the preview. Nothing was imported.' });
    expect(body.current).toMatchObject({ applied: false, fingerprint: anyString() });
    expect(body.current.skipped).toEqual([{ section: 'reactionrole', key: 'emojiName', reason: expect.stringContaining('🎮') as string }]);
    expect(race.attempts()).toBe(1);
    expect((await stored()).logs.channelID).toBeNull();
    expect(await auditKeys()).toEqual([...BEFORE_IMPORT, 'reactionrole.extraPairs']);
  });
});

describe('what an import does not guard', () => {
  it('a change to a module the import leaves alone, or to the very key it writes, is no race: written at once', async () => {
    const race = importWithOthersBetween(async () => {
      expect((await set('antimp3', 'enabled', true)).status).toBe(200);
      expect((await set('logs', 'channelID', '500000000000001004')).status).toBe(200);
    });
    expect((await race.response).status).toBe(200);
    expect(race.attempts()).toBe(1);
    expect((await stored()).logs.channelID).toBe(MOD_LOG);
  });

  it('a change to a module the document names but does not change is no race either: nothing of it is written', async () => {
    const race = importWithOthersBetween(
      async () => {
        expect((await set('reactionrole', 'mode', 'unique')).status).toBe(200);
      },
      { document: document({ reactionrole: { emojiName: '⭐' }, logs: { channelID: MOD_LOG } }) },
    );
    expect((await race.response).status).toBe(200);
    expect(race.attempts()).toBe(1);
    expect((await stored()).logs.channelID).toBe(MOD_LOG);
  });

  it('an import that clears a required field (its switch goes off in the same write) still writes its other fields of the module', async () => {
    expect((await set('reactionrole', 'messageID', '112233445566778899')).status).toBe(200);
    expect((await set('reactionrole', 'enabled', true)).status).toBe(200);
    const race = importWithOthersBetween(() => Promise.resolve(), { document: document({ reactionrole: { roleID: null, mode: 'verify' } }) });
    const answer = await race.response;
    expect(answer.status).toBe(200);
    expect((await answer.json<SettingsImportResponse>()).skipped).toEqual([]);
    expect(race.attempts()).toBe(1);
    expect((await stored()).reactionrole).toMatchObject({ enabled: false, roleID: null, mode: 'verify' });
  });
});
