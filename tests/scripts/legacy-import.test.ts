import { describe, expect, it } from 'vitest';
import { WHITELIST_LIMIT_PER_USER } from '../../src/shared/constants';
import { decodeExtendedJson, objectIdTime } from '../../scripts/legacy-import/extended-json';
import { readExport } from '../../scripts/legacy-import/export-file';
import { idsToRead, planFile, type StoredLicence, type StoredState } from '../../scripts/legacy-import/plan';
import { recordsOfExport, toRecord, type LegacyRecord } from '../../scripts/legacy-import/records';
import { countOutcomes, formatReport } from '../../scripts/legacy-import/report';
import { toGuildSettings } from '../../src/worker/db/settings';
import { importFiles, type ExportFile } from '../../scripts/legacy-import/run';
import { readStatements, sqlFile, sqlLiteral, stateFromRows, writeStatements } from '../../scripts/legacy-import/sql';

const NOW = Date.UTC(2026, 10, 23);
const LATER = Date.UTC(2027, 0, 1);
const EMPTY: StoredState = { licences: new Map(), settings: new Map() };

const id = (digits: number, lead = '4') => lead + '1'.repeat(digits - 1);
const oid = (seconds: number, tail = 'a'.repeat(16)) => ({ $oid: seconds.toString(16).padStart(8, '0') + tail });
const date = (ms: number) => ({ $date: { $numberLong: String(ms) } });

const record = (value: Record<string, unknown>, line = 1): LegacyRecord => toRecord({ line, value: decodeExtendedJson(value) });

function entry(overrides: Record<string, unknown> = {}) {
  return { _id: oid(1_700_000_000), userID: id(18), userName: 'mika', serverID: id(18, '8'), serverName: 'Mika’s Place', expiresAt: date(LATER), ...overrides };
}

const licence = (overrides: Partial<StoredLicence> = {}): StoredLicence => ({
  userId: id(18),
  userName: 'mika',
  serverId: id(18, '8'),
  serverName: 'Mika’s Place',
  expiresAt: LATER,
  adminMade: false,
  ...overrides,
});

const stateWith = (licences: StoredLicence[], settings: [string, { section: string; key: string; value: string }[]][] = []): StoredState => ({
  licences: new Map(licences.map((l) => [l.serverId, l])),
  settings: new Map(settings),
});

const reasons = (outcomes: ReturnType<typeof planFile>['outcomes']) => outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));

describe('Extended JSON', () => {
  it('decodes canonical wrappers', () => {
    expect(
      decodeExtendedJson({
        _id: { $oid: '65a1f0c2e4b0a1b2c3d4e501' },
        at: { $date: { $numberLong: '1798761600000' } },
        v: { $numberInt: '7' },
        d: { $numberDouble: '1.5' },
        big: { $numberLong: '412345678901234567' },
        list: [{ $numberInt: '1' }, 'x'],
      }),
    ).toEqual({ _id: '65a1f0c2e4b0a1b2c3d4e501', at: 1798761600000, v: 7, d: 1.5, big: '412345678901234567', list: [1, 'x'] });
  });

  it('decodes relaxed dates (ISO) and keeps plain values', () => {
    expect(decodeExtendedJson({ at: { $date: '2027-01-01T00:00:00Z' }, n: 3, ok: true, none: null })).toEqual({ at: LATER, n: 3, ok: true, none: null });
  });

  it('leaves wrappers it does not know, and broken ones, for validation to refuse', () => {
    expect(decodeExtendedJson({ $binary: { base64: 'AA==', subType: '00' } })).toEqual({ $binary: { base64: 'AA==', subType: '00' } });
    expect(decodeExtendedJson({ $date: 'not a date' })).toEqual({ $date: 'not a date' });
    // Two keys are a document that happens to start with $, not a wrapper.
    expect(decodeExtendedJson({ $oid: 'a', other: 1 })).toEqual({ $oid: 'a', other: 1 });
  });

  it('reads the creation time of an ObjectId', () => {
    expect(objectIdTime('65a1f0c2e4b0a1b2c3d4e501')).toBe(0x65a1f0c2 * 1000);
    expect(objectIdTime('not-an-oid')).toBeNull();
    expect(objectIdTime(undefined)).toBeNull();
  });
});

describe('reading an export file', () => {
  const a = '{"_id":{"$oid":"65a1f0c2e4b0a1b2c3d4e501"},"n":1}';
  const b = '{"_id":{"$oid":"65a1f0c2e4b0a1b2c3d4e502"},"text":"with } and ] and \\" inside"}';

  it('reads one document per line, skipping blank lines, with their line numbers', () => {
    const { documents, unreadable } = readExport(`${a}\n\n${b}\n`);
    expect(unreadable).toEqual([]);
    expect(documents.map((d) => d.line)).toEqual([1, 3]);
    expect(documents[1]?.value).toMatchObject({ text: 'with } and ] and " inside' });
  });

  it('reads --jsonArray, compact and pretty, element by element', () => {
    expect(readExport(`[${a},${b}]`).documents.map((d) => d.value)).toHaveLength(2);
    const pretty = readExport(`\uFEFF[\n  {\n    "n": 1\n  },\n  {\n    "n": 2\n  }\n]\n`);
    expect(pretty.documents).toEqual([
      { line: 2, value: { n: 1 } },
      { line: 5, value: { n: 2 } },
    ]);
  });

  it('reads --pretty documents that span lines without an array', () => {
    expect(readExport('{\n  "n": 1\n}\n{\n  "n": 2\n}\n').documents).toEqual([
      { line: 1, value: { n: 1 } },
      { line: 4, value: { n: 2 } },
    ]);
  });

  it('reports a broken line and keeps the rest', () => {
    const { documents, unreadable } = readExport(`${a}\n{"broken": \n${b}`);
    expect(documents).toHaveLength(1);
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]?.line).toBe(2);
    expect(unreadable[0]?.reason).toMatch(/^not JSON/);
  });

  it('turns unreadable text into rejected records', () => {
    expect(recordsOfExport('nonsense\n')).toEqual([{ kind: 'rejected', record: 'line 1', reason: expect.stringMatching(/^not JSON/) as unknown }]);
  });
});

describe('whitelist entries', () => {
  it('accepts an entry and reads its fields', () => {
    expect(record(entry())).toEqual({
      kind: 'licence',
      label: expect.stringContaining('_id 6553f100') as unknown,
      createdAt: 1_700_000_000_000,
      userId: id(18),
      userName: 'mika',
      serverId: id(18, '8'),
      serverName: 'Mika’s Place',
      expiresAt: LATER,
    });
  });

  // Issue 36: 20 digits up to 2^64 − 1 (18446744073709551615): 81111… is past it.
  it.each([
    [16, '8', false],
    [17, '8', true],
    [20, '1', true],
    [20, '8', false],
    [21, '8', false],
  ])('a server id of %i digits starting with %s is accepted: %s', (digits, lead, accepted) => {
    const result = record(entry({ serverID: id(digits, lead) }));
    expect(result.kind).toBe(accepted ? 'licence' : 'rejected');
    if (result.kind === 'rejected') expect(result.reason).toBe(`serverID "${id(digits, lead)}": Server ID must be a Discord server ID (17–20 digits).`);
  });

  it.each([16, 21])('a user id of %i digits is refused', (digits) => {
    expect(record(entry({ userID: id(digits) }))).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(/^userID .*User ID must be a Discord user ID/) as unknown,
    });
  });

  it('reads ids written as $numberLong, or as bare 64-bit numbers (relaxed mode) without losing digits', () => {
    expect(record(entry({ userID: { $numberLong: '412345678901234567' } }))).toMatchObject({ kind: 'licence', userId: '412345678901234567' });
    const [relaxed] = recordsOfExport('{"userID": 412345678901234567, "serverID": 812345678901234567, "expiresAt": 1798761600000}');
    expect(relaxed).toMatchObject({ kind: 'licence', userId: '412345678901234567', serverId: '812345678901234567', expiresAt: 1798761600000 });
  });

  it('reads expiry dates as $numberLong, ISO $date, ISO text and epoch numbers', () => {
    for (const expiresAt of [date(LATER), { $date: '2027-01-01T00:00:00.000Z' }, '2027-01-01T00:00:00Z', LATER]) {
      expect(record(entry({ expiresAt }))).toMatchObject({ kind: 'licence', expiresAt: LATER });
    }
  });

  it('refuses an entry without an expiry, rather than inventing one', () => {
    expect(record(entry({ expiresAt: undefined }))).toEqual({ kind: 'rejected', record: expect.any(String) as unknown, reason: 'expiresAt is missing' });
    expect(record(entry({ expiresAt: null }))).toMatchObject({ reason: 'expiresAt is missing' });
  });

  it('refuses dates outside 2015–2100 and unknown wrappers', () => {
    expect(record(entry({ expiresAt: date(Date.UTC(2101, 0, 1)) }))).toMatchObject({ reason: expect.stringContaining('between 2015 and 2100') as unknown });
    expect(record(entry({ expiresAt: { $timestamp: { t: 1, i: 1 } } }))).toMatchObject({ kind: 'rejected' });
  });

  it('keeps a missing server name as unknown and a missing user name as empty', () => {
    expect(record(entry({ serverName: undefined, userName: undefined }))).toMatchObject({ serverName: null, userName: '' });
  });
});

describe('settings documents', () => {
  const guild = id(18, '3');

  it('names the guild by guildID or serverID, and refuses ids that are not Discord ids', () => {
    expect(record({ guildID: guild })).toMatchObject({ kind: 'settings', guildId: guild });
    expect(record({ serverID: guild, name: 'x' })).toMatchObject({ kind: 'settings', guildId: guild });
    expect(record({ guildID: 'not-a-guild' })).toMatchObject({ kind: 'rejected', reason: 'guildID "not-a-guild": must be a Discord server id (17–20 digits)' });
    for (const digits of [16, 21]) expect(record({ guildID: id(digits, '3') })).toMatchObject({ kind: 'rejected' });
    expect(record({ guildID: id(17, '3') })).toMatchObject({ kind: 'settings' });
    expect(record({ guildID: id(20, '1') })).toMatchObject({ kind: 'settings' });
    // Past 2^64 − 1, and a leading zero: no Discord id.
    expect(record({ guildID: id(20, '3') })).toMatchObject({ kind: 'rejected' });
    expect(record({ guildID: id(18, '0') })).toMatchObject({ kind: 'rejected' });
    expect(record({ guildID: guild, serverID: id(18, '8') })).toMatchObject({
      kind: 'rejected',
      reason: expect.stringContaining('name different servers') as unknown,
    });
  });

  it('validates every key through the registry and normalises it', () => {
    const result = record({
      guildID: guild,
      __v: 0,
      antinuke: { enabled: true, whitelist: `${id(18)}, ${id(18)} ${id(19)}`, _id: { $oid: '65a1f7d0e4b0a1b2c3d4f601' } },
      serverDisabledCommands: { commandNames: ['BAN', 'ban'] },
      reactionrole: { roleID: '', emojiName: '⭐' },
    });
    expect(result).toMatchObject({
      kind: 'settings',
      rejected: [],
      values: [
        { section: 'antinuke', key: 'enabled', value: true },
        { section: 'antinuke', key: 'whitelist', value: [id(18), id(19)] },
        { section: 'serverDisabledCommands', key: 'commandNames', value: ['ban'] },
        { section: 'reactionrole', key: 'roleID', value: null },
        { section: 'reactionrole', key: 'emojiName', value: '⭐' },
      ],
    });
  });

  it('an old document keeps the defaults of the fields it never had: one reaction pair in toggle mode, anti-nuke at 5 in 30 s removing roles', () => {
    const result = record({
      guildID: guild,
      antinuke: { enabled: true, whitelist: [id(18)] },
      reactionrole: { enabled: true, roleID: id(18), messageID: id(19), emojiName: '⭐' },
    });
    if (result.kind !== 'settings') throw new Error('expected settings');
    expect(result.rejected).toEqual([]);
    expect(result.values.map((v) => `${v.section}.${v.key}`)).toEqual([
      'antinuke.enabled',
      'antinuke.whitelist',
      'reactionrole.enabled',
      'reactionrole.roleID',
      'reactionrole.messageID',
      'reactionrole.emojiName',
    ]);
    const rows = result.values.map(({ section, key, value }) => ({ section, key, value: JSON.stringify(value) }));
    const stored = toGuildSettings(rows);
    expect(stored.reactionrole).toMatchObject({ roleID: id(18), emojiName: '⭐', extraPairs: [], mode: 'toggle' });
    expect(stored.antinuke).toMatchObject({ whitelist: [id(18)], threshold: 5, windowSeconds: 30, punishment: 'removeRoles', trustedRoles: [] });
  });

  it("a message link keeps its channel beside the message id; another server's link is refused, a bare id names no channel", () => {
    const channel = id(18, '5');
    const message = id(19, '6');
    const link = (guildId: string) => `https://discord.com/channels/${guildId}/${channel}/${message}`;
    const own = record({ guildID: guild, ticket: { messageID: link(guild) } });
    expect(own).toMatchObject({
      kind: 'settings',
      rejected: [],
      values: [
        { section: 'ticket', key: 'messageID', value: message },
        { section: 'ticket', key: 'messageChannelID', value: channel },
      ],
    });
    const foreign = record({ guildID: guild, reactionrole: { messageID: link(id(18, '8')), emojiName: '⭐' } });
    if (foreign.kind !== 'settings') throw new Error('expected settings');
    expect(foreign.values).toEqual([{ section: 'reactionrole', key: 'emojiName', value: '⭐' }]);
    expect(foreign.rejected).toHaveLength(1);
    expect(foreign.rejected[0]?.reason).toMatch(/^reactionrole\.messageID: .*another server/);
    expect(record({ guildID: guild, ticket: { messageID: message } })).toMatchObject({
      kind: 'settings',
      values: [{ section: 'ticket', key: 'messageID', value: message }],
    });
  });

  it('refuses unknown sections and keys, and keeps the rest', () => {
    const result = record({ guildID: guild, music: { enabled: true }, logs: { enabled: false, colour: 'red' }, antimp3: 'yes' });
    expect(result).toMatchObject({ kind: 'settings', values: [{ section: 'logs', key: 'enabled', value: false }] });
    if (result.kind !== 'settings') throw new Error('expected settings');
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'music: unknown section',
      'logs.colour: unknown setting',
      'antimp3: must be an object of settings, not "yes"',
    ]);
  });

  it('drops a command the bot does not have and keeps the others', () => {
    const result = record({ guildID: guild, serverDisabledCommands: { commandNames: ['fly', 'purge', 'teleport'] } });
    expect(result).toMatchObject({ values: [{ section: 'serverDisabledCommands', key: 'commandNames', value: ['purge'] }] });
    if (result.kind !== 'settings') throw new Error('expected settings');
    expect(result.rejected.map((r) => r.reason)).toEqual([
      "serverDisabledCommands.commandNames: 'fly' is not a command of the bot",
      "serverDisabledCommands.commandNames: 'teleport' is not a command of the bot",
    ]);
  });

  it('refuses a bad id in a setting with the schema’s reason', () => {
    const result = record({ guildID: guild, autorole: { roleID: id(16) } });
    if (result.kind !== 'settings') throw new Error('expected settings');
    expect(result.values).toEqual([]);
    expect(result.rejected.map((r) => r.reason)).toEqual(['autorole.roleID: must be a Discord id (17–20 digits)']);
  });

  it('refuses a document that is neither kind', () => {
    expect(record({ _id: { $oid: '65a1f7d0e4b0a1b2c3d4f601' }, hello: 1 }, 9)).toMatchObject({
      kind: 'rejected',
      record: 'line 9 (_id 65a1f7d0e4b0a1b2c3d4f601)',
      reason: expect.stringContaining('neither a whitelist entry') as unknown,
    });
    expect(toRecord({ line: 2, value: [1] })).toMatchObject({ kind: 'rejected', reason: 'not a document: [1]' });
  });
});

describe('planning licences', () => {
  it('imports a new entry as the user’s own', () => {
    const plan = planFile([record(entry())], EMPTY, NOW);
    expect(plan.outcomes).toMatchObject([{ status: 'imported' }]);
    expect(plan.writes).toEqual([{ kind: 'insert-licence', licence: licence(), createdAt: 1_700_000_000_000 }]);
  });

  it(`keeps entries past the limit of ${WHITELIST_LIMIT_PER_USER} as admin-made, oldest first`, () => {
    const first = entry({ _id: oid(1_700_000_000), serverID: id(18, '8') });
    const second = entry({ _id: oid(1_700_000_100), serverID: id(19, '8') });
    // The file lists the newer one first; the old system made the older one first.
    const plan = planFile([record(second, 1), record(first, 2)], EMPTY, NOW);
    expect(plan.writes.map((w) => (w.kind === 'insert-licence' ? [w.licence.serverId, w.licence.adminMade] : null))).toEqual([
      [id(18, '8'), false],
      [id(19, '8'), true],
    ]);
    const over = plan.outcomes[0];
    expect(over).toMatchObject({ status: 'imported', note: `over the per-user limit of 1 (the user already holds ${id(18, '8')}): kept as admin-made` });
  });

  it('counts the user’s own entries already in D1, expired ones too, but not admin-made ones', () => {
    const ownExpired = stateWith([licence({ serverId: id(20, '8'), expiresAt: Date.UTC(2025, 0, 1) })]);
    expect(planFile([record(entry())], ownExpired, NOW).writes).toMatchObject([{ licence: { adminMade: true } }]);
    const adminMadeOnly = stateWith([licence({ serverId: id(20, '8'), adminMade: true })]);
    expect(planFile([record(entry())], adminMadeOnly, NOW).writes).toMatchObject([{ licence: { adminMade: false } }]);
  });

  it('refuses a second licence for a server, in the file or in D1, keeping the first', () => {
    const first = entry({ _id: oid(1_700_000_000) });
    const other = entry({ _id: oid(1_700_000_100), userID: id(19), userName: 'kai' });
    const plan = planFile([record(other, 1), record(first, 2)], EMPTY, NOW);
    expect(plan.writes).toHaveLength(1);
    expect(reasons(plan.outcomes)).toEqual([`two licences for one server: ${id(18, '8')} is already licensed to ${id(18)} (mika)`]);
    // File order is kept in the report.
    expect(plan.outcomes.map((o) => o.status)).toEqual(['rejected', 'imported']);
    expect(planFile([record(other)], stateWith([licence()]), NOW).writes).toEqual([]);
  });

  it('finds the same entry unchanged, and renews or renames it otherwise', () => {
    const stored = stateWith([licence()]);
    expect(planFile([record(entry())], stored, NOW)).toMatchObject({ writes: [], outcomes: [{ status: 'unchanged' }] });
    const renewed = planFile([record(entry({ expiresAt: date(LATER + 86_400_000) }))], stored, NOW);
    expect(renewed.writes).toEqual([{ kind: 'update-licence', licence: licence({ expiresAt: LATER + 86_400_000 }) }]);
    expect(renewed.outcomes[0]).toMatchObject({ status: 'imported', detail: expect.stringContaining('updated expiresAt; was 2027-01-01') as unknown });
    // A missing server name is no news: the stored one stays.
    expect(planFile([record(entry({ serverName: undefined }))], stored, NOW).writes).toEqual([]);
  });

  it('says when an imported licence has already expired', () => {
    const plan = planFile([record(entry({ expiresAt: date(Date.UTC(2025, 2, 1)) }))], EMPTY, NOW);
    expect(plan.outcomes[0]).toMatchObject({ detail: expect.stringContaining('expired 2025-03-01') as unknown });
  });
});

describe('planning settings', () => {
  const guild = id(18, '3');
  const role = id(18, '4');

  it('writes only what differs from the stored values (or the defaults)', () => {
    const stored = stateWith([], [[guild, [{ section: 'logs', key: 'channelID', value: JSON.stringify(id(18, '5')) }]]]);
    const plan = planFile([record({ guildID: guild, logs: { enabled: true, channelID: id(18, '5') }, antimp3: { enabled: false } })], stored, NOW);
    expect(plan.writes).toEqual([{ kind: 'setting', guildId: guild, section: 'logs', key: 'enabled', value: true }]);
    expect(plan.outcomes).toEqual([{ status: 'imported', record: expect.any(String) as unknown, detail: '1 setting: logs.enabled; 2 unchanged' }]);
  });

  it('refuses to switch a module on without its required fields', () => {
    const plan = planFile([record({ guildID: guild, autorole: { enabled: true, roleID: null } })], EMPTY, NOW);
    expect(plan.writes).toEqual([]);
    expect(reasons(plan.outcomes)).toEqual(['autorole.enabled: Auto-Role cannot be enabled until a role is set']);
  });

  it('switches on with the required field from the same document or from D1', () => {
    expect(planFile([record({ guildID: guild, autorole: { enabled: true, roleID: role } })], EMPTY, NOW).writes).toHaveLength(2);
    const stored = stateWith([], [[guild, [{ section: 'autorole', key: 'roleID', value: JSON.stringify(role) }]]]);
    expect(planFile([record({ guildID: guild, autorole: { enabled: true } })], stored, NOW).writes).toHaveLength(1);
  });

  it('switches a module off when the import clears a field it needs, as a save does', () => {
    const stored = stateWith(
      [],
      [
        [
          guild,
          [
            { section: 'autorole', key: 'enabled', value: 'true' },
            { section: 'autorole', key: 'roleID', value: JSON.stringify(role) },
          ],
        ],
      ],
    );
    const plan = planFile([record({ guildID: guild, autorole: { roleID: null } })], stored, NOW);
    expect(plan.writes.map((w) => (w.kind === 'setting' ? [w.key, w.value] : null))).toEqual([
      ['roleID', null],
      ['enabled', false],
    ]);
  });

  it('reports a document whose every part was refused only as refusals', () => {
    const plan = planFile([record({ guildID: guild, music: { volume: 80 } })], EMPTY, NOW);
    expect(countOutcomes(plan.outcomes)).toEqual({ imported: 0, unchanged: 0, rejected: 1 });
  });
});

describe('a second run', () => {
  const lines = [
    JSON.stringify(entry()),
    JSON.stringify(entry({ _id: oid(1_700_000_100), serverID: id(19, '8') })),
    JSON.stringify({ guildID: id(18, '3'), antinuke: { enabled: true, whitelist: id(18) }, music: {} }),
  ].join('\n');

  it('changes nothing: every record is unchanged or refused again', () => {
    const records = recordsOfExport(lines);
    const first = planFile(records, EMPTY, NOW);
    expect(countOutcomes(first.outcomes)).toEqual({ imported: 3, unchanged: 0, rejected: 1 });
    const second = planFile(records, first.state, NOW);
    expect(second.writes).toEqual([]);
    expect(countOutcomes(second.outcomes)).toEqual({ imported: 0, unchanged: 3, rejected: 1 });
  });

  it('reads the ids it needs from D1 once', () => {
    expect(idsToRead(recordsOfExport(lines))).toEqual({ serverIds: [id(18, '8'), id(19, '8')], userIds: [id(18)], guildIds: [id(18, '3')] });
  });
});

describe('SQL', () => {
  it('quotes literals', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(0)).toBe('0');
    expect(sqlLiteral(1798761600000)).toBe('1798761600000');
    expect(sqlLiteral("Mika's Place")).toBe("'Mika''s Place'");
    expect(sqlLiteral("'; DROP TABLE whitelist; --")).toBe("'''; DROP TABLE whitelist; --'");
    expect(sqlLiteral('⭐ 🎫')).toBe("'⭐ 🎫'");
    expect(sqlLiteral('a\nb\u0000')).toBe("CAST(X'610a6200' AS TEXT)");
  });

  it('refuses numbers it cannot write exactly', () => {
    expect(() => sqlLiteral(1.5)).toThrow(/not a safe integer/);
    expect(() => sqlLiteral(Number.MAX_SAFE_INTEGER + 1)).toThrow(/not a safe integer/);
  });

  it('writes a setting with its audit row and a licence within the limit', () => {
    const statements = writeStatements(
      [
        { kind: 'setting', guildId: id(18, '3'), section: 'logs', key: 'enabled', value: true },
        { kind: 'insert-licence', licence: licence({ serverName: null }), createdAt: null },
      ],
      NOW,
    );
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain("'legacy-import', 'Legacy import'");
    expect(statements[1]).toContain('ON CONFLICT (guild_id, section, key) DO UPDATE');
    expect(statements[2]).toContain(`${NOW}`);
    expect(statements[2]).toContain(`< ${WHITELIST_LIMIT_PER_USER} THEN 0 ELSE 1 END`);
    expect(sqlFile(statements).split(';\n')).toHaveLength(4);
  });

  it('reads back what it asked for', () => {
    const statements = readStatements({ serverIds: [id(18, '8')], userIds: [id(18)], guildIds: [id(18, '3')] });
    expect(statements.map((s) => s.table)).toEqual(['whitelist', 'whitelist', 'guild_settings']);
    const row = { ...licence(), adminMade: 1 };
    const state = stateFromRows(statements, [[row], [row], [{ guildId: id(18, '3'), section: 'logs', key: 'enabled', value: 'true' }]]);
    expect([...state.licences.values()]).toEqual([licence({ adminMade: true })]);
    expect(state.settings.get(id(18, '3'))).toEqual([{ section: 'logs', key: 'enabled', value: 'true' }]);
    expect(readStatements({ serverIds: [], userIds: [], guildIds: [] })).toEqual([]);
  });
});

describe('the report', () => {
  it('lists every outcome under its file, with notes and a total', () => {
    const text = formatReport(
      [
        {
          file: 'whitelist.json',
          result: 'written',
          outcomes: [
            { status: 'imported', record: 'line 1', detail: 'server A', note: 'kept as admin-made' },
            { status: 'unchanged', record: 'line 2', detail: 'server B' },
            { status: 'rejected', record: 'line 3', reason: 'bad id' },
          ],
        },
      ],
      false,
    );
    expect(text).toBe(
      [
        'whitelist.json (written): imported 1, unchanged 1, rejected 1',
        '  + imported   line 1: server A',
        '      ! kept as admin-made',
        '  = unchanged  line 2: server B',
        '  ✗ rejected   line 3: bad id',
        '',
        'Total: imported 1, unchanged 1, rejected 1',
      ].join('\n'),
    );
    expect(formatReport([], true)).toBe('Dry run, nothing written: imported 0, unchanged 0, rejected 0');
  });
});

describe('an import of several files', () => {
  const file = (name: string, ...entries: Record<string, unknown>[]): ExportFile => ({
    name,
    records: recordsOfExport(entries.map((e) => JSON.stringify(e)).join('\n')),
  });
  const a = file('a.json', entry());
  const b = file('b.json', entry({ _id: oid(1_700_000_100), serverID: id(19, '8') }));
  const c = file('c.json', entry({ _id: oid(1_700_000_200), serverID: id(20, '8') }));

  function fakeD1(failOnBatch = Infinity) {
    const batches: string[][] = [];
    const queries: string[][] = [];
    return {
      batches,
      queries,
      query: (statements: readonly string[]) => {
        queries.push([...statements]);
        return Promise.resolve(statements.map(() => []));
      },
      batch: (statements: readonly string[]) => {
        if (batches.length + 1 >= failOnBatch) return Promise.reject(new Error('UNIQUE constraint failed: whitelist.server_id'));
        batches.push([...statements]);
        return Promise.resolve();
      },
    };
  }

  it('reads D1 once, writes one batch per file, and carries each file’s changes into the next', async () => {
    const d1 = fakeD1();
    const { reports, failure } = await importFiles(d1, [a, b], { dryRun: false, now: NOW });
    expect(failure).toBeNull();
    expect(d1.queries).toHaveLength(1);
    expect(d1.batches).toHaveLength(2);
    expect(reports.map((r) => r.result)).toEqual(['written', 'written']);
    // b's entry is the same user's second: the limit counted a's entry.
    expect(reports[1]?.outcomes[0]).toMatchObject({ note: expect.stringContaining('kept as admin-made') as unknown });
  });

  it('writes nothing in a dry run, and nothing for a file without changes', async () => {
    const d1 = fakeD1();
    const dry = await importFiles(d1, [a, file('empty.json')], { dryRun: true, now: NOW });
    expect(dry.reports.map((r) => r.result)).toEqual(['dry run', 'nothing to write']);
    expect(d1.batches).toEqual([]);
  });

  it('stops at a file that could not be written and does not attempt the ones after it', async () => {
    const d1 = fakeD1(2);
    const { reports, failure } = await importFiles(d1, [a, b, c], { dryRun: false, now: NOW });
    expect(reports.map((r) => [r.file, r.result])).toEqual([
      ['a.json', 'written'],
      ['b.json', 'not written'],
    ]);
    expect(failure?.message).toMatch(/UNIQUE/);
    expect(d1.batches).toHaveLength(1);
  });

  it('does not read D1 when no record is usable', async () => {
    const d1 = fakeD1();
    const { reports } = await importFiles(d1, [file('bad.json', { hello: 1 })], { dryRun: false, now: NOW });
    expect(d1.queries).toEqual([]);
    expect(countOutcomes(reports[0]?.outcomes ?? [])).toEqual({ imported: 0, unchanged: 0, rejected: 1 });
  });
});
