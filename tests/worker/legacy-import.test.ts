// The SQL `npm run import-legacy` generates, run against real local D1 (migrated as in production), the way
// wrangler runs a file: every statement of a file in one batch.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { idsToRead, planFile, type FilePlan } from '../../scripts/legacy-import/plan';
import { recordsOfExport } from '../../scripts/legacy-import/records';
import { countOutcomes } from '../../scripts/legacy-import/report';
import { readStatements, sqlLiteral, stateFromRows, writeStatements } from '../../scripts/legacy-import/sql';
import settingsExport from '../fixtures/legacy/serversettings.json?raw';
import whitelistExport from '../fixtures/legacy/whitelist.json?raw';
import { call } from './helpers/request';

const NOW = Date.UTC(2026, 10, 23);
const KENJI = '300000000000000001';

async function readState(text: string) {
  const records = recordsOfExport(text);
  const reads = readStatements(idsToRead(records));
  const results = reads.length > 0 ? await env.DB.batch<Record<string, unknown>>(reads.map((read) => env.DB.prepare(read.sql))) : [];
  return {
    records,
    state: stateFromRows(
      reads,
      results.map((result) => result.results),
    ),
  };
}

async function runBatch(plan: FilePlan) {
  const statements = writeStatements(plan.writes, NOW);
  if (statements.length > 0) await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

/** One file through the import: read D1, plan, write the batch. */
async function importFile(text: string): Promise<FilePlan> {
  const { records, state } = await readState(text);
  const plan = planFile(records, state, NOW);
  await runBatch(plan);
  return plan;
}

async function tables() {
  const [whitelist, settings, audit] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare('SELECT user_id, user_name, server_id, server_name, expires_at, created_at, admin_made FROM whitelist ORDER BY server_id'),
    env.DB.prepare('SELECT guild_id, section, key, value, updated_at, updated_by FROM guild_settings ORDER BY guild_id, section, key'),
    env.DB.prepare('SELECT guild_id, user_id, user_name, section, key, old_value, new_value FROM settings_audit ORDER BY id'),
  ]);
  return { whitelist: whitelist?.results ?? [], settings: settings?.results ?? [], audit: audit?.results ?? [] };
}

beforeEach(async () => {
  await env.DB.batch(['whitelist', 'guild_settings', 'settings_audit'].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

describe('importing the sample exports', () => {
  it('writes the licences the rules allow, with the over-the-limit entry admin-made', async () => {
    const plan = await importFile(whitelistExport);
    expect(countOutcomes(plan.outcomes)).toEqual({ imported: 5, unchanged: 0, rejected: 2 });
    const { whitelist } = await tables();
    expect(whitelist.map((row) => [row.server_id, row.user_id, row.server_name, row.admin_made])).toEqual([
      [KENJI, '100000000000000002', 'Kenji Lounge', 0],
      ['812345678901234567', '412345678901234567', null, 0],
      ['812345678901234568', '412345678901234568', 'Night Owls', 0],
      ['812345678901234569', '412345678901234569', 'Old Crew', 0],
      ['812345678901234570', '412345678901234568', "Ren's Second", 1],
    ]);
    // Dates come through exactly, and the entry keeps the time the old system made it.
    expect(whitelist[0]).toMatchObject({ expires_at: 1798761600000, created_at: 0x65a1f0c2 * 1000 });
  });

  it('writes the settings with one audit row per change, by the legacy import', async () => {
    await importFile(settingsExport);
    const { settings, audit } = await tables();
    expect(settings.filter((row) => row.guild_id === '812345678901234568').map((row) => [row.section, row.key, row.value])).toEqual([
      ['serverDisabledCommands', 'commandNames', '["purge"]'],
      ['starboard', 'enabled', 'true'],
      ['starboard', 'starboardChannel', '"912345678901235001"'],
    ]);
    expect(settings.find((row) => row.guild_id === '812345678901234567' && row.key === 'whitelist')?.value).toBe('["412345678901234567","412345678901234568"]');
    expect(settings.every((row) => row.updated_by === 'legacy-import' && row.updated_at === NOW)).toBe(true);
    expect(audit).toHaveLength(settings.length);
    expect(audit.find((row) => row.guild_id === KENJI && row.key === 'roleID')).toEqual({
      guild_id: KENJI,
      user_id: 'legacy-import',
      user_name: 'Legacy import',
      section: 'autorole',
      key: 'roleID',
      old_value: 'null',
      new_value: '"400000000000001001"',
    });
  });

  it('changes nothing the second time', async () => {
    await importFile(whitelistExport);
    await importFile(settingsExport);
    const before = await tables();
    const again = [await importFile(whitelistExport), await importFile(settingsExport)];
    expect(again.flatMap((plan) => plan.writes)).toEqual([]);
    expect(countOutcomes(again.flatMap((plan) => plan.outcomes))).toEqual({ imported: 0, unchanged: 9, rejected: 5 });
    expect(await tables()).toEqual(before);
  });

  it('is what the Worker answers afterwards', async () => {
    await importFile(whitelistExport);
    await importFile(settingsExport);
    const response = await call(`/api/bot/guilds/${KENJI}`, { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } });
    expect(response.status).toBe(200);
    const body = await response.json<{ settings: Record<string, Record<string, unknown>>; licence: { active: boolean; expiresAt: number } }>();
    expect(body.licence).toEqual({ active: true, expiresAt: 1798761600000 });
    expect(body.settings.autorole).toEqual({ enabled: true, roleID: '400000000000001001' });
    expect(body.settings.serverDisabledCommands).toEqual({ commandNames: ['ban', '8ball'] });
  });
});

describe('writing safely', () => {
  const line = (value: unknown) => JSON.stringify(value);
  const mixed = [
    line({ userID: '412345678901234567', userName: 'mika', serverID: '812345678901234567', expiresAt: { $date: '2027-01-01T00:00:00Z' } }),
    line({ guildID: '812345678901234567', logs: { enabled: true, channelID: '912345678901234001' } }),
  ].join('\n');

  it('writes nothing of a file when one statement fails (a server licensed since the import read D1)', async () => {
    const { records, state } = await readState(mixed);
    const plan = planFile(records, state, NOW);
    await env.DB.prepare(
      `INSERT INTO whitelist (user_id, user_name, server_id, expires_at, created_at) VALUES ('100000000000000003', 'x', '812345678901234567', 1, 1)`,
    ).run();
    await expect(runBatch(plan)).rejects.toThrow(/UNIQUE constraint failed: whitelist\.server_id/);
    const { whitelist, settings, audit } = await tables();
    expect(whitelist.map((row) => row.user_id)).toEqual(['100000000000000003']);
    expect(settings).toEqual([]);
    expect(audit).toEqual([]);
  });

  it('decides the limit again when writing, so a licence added since the read keeps the user within it', async () => {
    const { records, state } = await readState(mixed);
    const plan = planFile(records, state, NOW);
    await env.DB.prepare(
      `INSERT INTO whitelist (user_id, user_name, server_id, expires_at, created_at) VALUES ('412345678901234567', 'mika', '812345678901234999', 1, 1)`,
    ).run();
    await runBatch(plan);
    const { whitelist } = await tables();
    expect(whitelist.map((row) => [row.server_id, row.admin_made])).toEqual([
      ['812345678901234567', 1],
      ['812345678901234999', 0],
    ]);
  });

  it('audits the value it replaces, as the dashboard left it', async () => {
    await env.DB.prepare(
      `INSERT INTO guild_settings (guild_id, section, key, value, updated_at, updated_by) VALUES ('812345678901234567', 'logs', 'channelID', '"912345678901234999"', 1, '100000000000000002')`,
    ).run();
    await importFile(mixed);
    const { audit } = await tables();
    expect(audit.find((row) => row.key === 'channelID')).toMatchObject({ old_value: '"912345678901234999"', new_value: '"912345678901234001"' });
  });

  it('stores any text exactly as it was exported', async () => {
    const names = ['Mika\'s "Place"', "'); DROP TABLE whitelist; --", '⭐ Night Owls 🎫', 'two\nlines\ttab', 'nul\u0000byte', '-- not a comment; really'];
    const lines = names.map((serverName, index) =>
      line({ userID: `41234567890123457${index}`, userName: serverName, serverID: `81234567890123457${index}`, serverName, expiresAt: 1798761600000 }),
    );
    await importFile(lines.join('\n'));
    const { whitelist } = await tables();
    expect(whitelist.map((row) => row.server_name)).toEqual(names);
    expect(whitelist.map((row) => row.user_name)).toEqual(names);
    expect((await importFile(lines.join('\n'))).writes).toEqual([]);
  });

  it('quotes the way SQLite reads it back', async () => {
    for (const value of ["it's", '', 'a\u0001b', 'ü', 12345, null]) {
      const row = await env.DB.prepare(`SELECT ${sqlLiteral(value)} AS v`).first<{ v: unknown }>();
      expect(row?.v).toBe(value);
    }
  });
});
