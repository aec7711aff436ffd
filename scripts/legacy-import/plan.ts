/**
 * What one export file changes in D1, decided against what D1 holds now. Records are replayed the way the
 * API would have taken them: in the order the old system made them, a server licensed at most once, a
 * user's own entries within the per-user limit (the rest kept as admin-made, which the limit does not
 * count), a switch on only with its required fields set. Only differences become writes, so a second run
 * finds everything unchanged.
 */
import { WHITELIST_LIMIT_PER_USER } from '../../src/shared/constants.ts';
import { missingRequiredFields, type SettingsValues } from '../../src/shared/settings/index.ts';
import { moduleTitle, requirementNames, type SectionName } from '../../src/shared/settings/registry.ts';
import { toGuildSettings, type SettingRow } from '../../src/worker/db/settings.ts';
import type { LegacyRecord, LicenceRecord, Rejection, SettingsRecord, SettingValue } from './records.ts';

export interface StoredLicence {
  userId: string;
  userName: string;
  serverId: string;
  serverName: string | null;
  expiresAt: number;
  adminMade: boolean;
}

/** The part of D1 an import reads: licences by server id, settings rows by guild id. */
export interface StoredState {
  licences: ReadonlyMap<string, StoredLicence>;
  settings: ReadonlyMap<string, readonly SettingRow[]>;
}

export type Write =
  | { kind: 'insert-licence'; licence: StoredLicence; createdAt: number | null }
  | { kind: 'update-licence'; licence: StoredLicence }
  | ({ kind: 'setting'; guildId: string } & SettingValue);

export type Outcome =
  | { status: 'imported'; record: string; detail: string; note?: string }
  | { status: 'unchanged'; record: string; detail: string }
  | ({ status: 'rejected' } & Rejection);

export interface FilePlan {
  outcomes: Outcome[];
  writes: Write[];
  /** D1 as it will be once the writes ran, for the next file. */
  state: StoredState;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const describeLicence = (l: StoredLicence, now: number) =>
  `server ${l.serverId}${l.serverName ? ` (${l.serverName})` : ''} for user ${l.userId}${l.userName ? ` (${l.userName})` : ''}, ${l.expiresAt > now ? 'expires' : 'expired'} ${day(l.expiresAt)}${l.adminMade ? ', admin-made' : ''}`;

// ── Licences ──────────────────────────────────────────────────────────────────

/** The old system's order; entries without an ObjectId time keep their place in the file. */
function inCreationOrder(records: readonly LicenceRecord[]): LicenceRecord[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => (a.record.createdAt ?? Infinity) - (b.record.createdAt ?? Infinity) || a.index - b.index)
    .map(({ record }) => record);
}

const ownEntries = (licences: ReadonlyMap<string, StoredLicence>, userId: string) => [...licences.values()].filter((l) => l.userId === userId && !l.adminMade);

/** An entry for a server that already has one: the same licence (maybe renewed), or a second licence, refused. */
function licenceForLicensedServer(record: LicenceRecord, existing: StoredLicence, now: number): { outcome: Outcome; write?: Write; licence?: StoredLicence } {
  if (existing.userId !== record.userId) {
    const holder = `${existing.userId}${existing.userName ? ` (${existing.userName})` : ''}`;
    return {
      outcome: { status: 'rejected', record: record.label, reason: `two licences for one server: ${record.serverId} is already licensed to ${holder}` },
    };
  }
  // A missing name in the export is no news: the name already known stays.
  const next: StoredLicence = {
    ...existing,
    userName: record.userName || existing.userName,
    serverName: record.serverName ?? existing.serverName,
    expiresAt: record.expiresAt,
  };
  const changed = (['userName', 'serverName', 'expiresAt'] as const).filter((field) => next[field] !== existing[field]);
  if (changed.length === 0) return { outcome: { status: 'unchanged', record: record.label, detail: describeLicence(existing, now) } };
  const detail = `${describeLicence(next, now)} (updated ${changed.join(', ')}; was ${changed.map((f) => (f === 'expiresAt' ? day(existing[f]) : JSON.stringify(existing[f]))).join(', ')})`;
  return { outcome: { status: 'imported', record: record.label, detail }, write: { kind: 'update-licence', licence: next }, licence: next };
}

/** Each record's outcome (in creation order, so the first of two claims on a server wins) and the writes. */
function planLicences(records: readonly LicenceRecord[], current: ReadonlyMap<string, StoredLicence>, now: number) {
  const licences = new Map(current);
  const outcomes = new Map<LicenceRecord, Outcome>();
  const writes: Write[] = [];
  for (const record of inCreationOrder(records)) {
    const existing = licences.get(record.serverId);
    if (existing) {
      const result = licenceForLicensedServer(record, existing, now);
      outcomes.set(record, result.outcome);
      if (result.write) writes.push(result.write);
      if (result.licence) licences.set(record.serverId, result.licence);
      continue;
    }
    const own = ownEntries(licences, record.userId);
    const licence: StoredLicence = {
      userId: record.userId,
      userName: record.userName,
      serverId: record.serverId,
      serverName: record.serverName,
      expiresAt: record.expiresAt,
      adminMade: own.length >= WHITELIST_LIMIT_PER_USER,
    };
    const note = licence.adminMade
      ? `over the per-user limit of ${WHITELIST_LIMIT_PER_USER} (the user already holds ${own.map((l) => l.serverId).join(', ')}): kept as admin-made`
      : undefined;
    outcomes.set(record, { status: 'imported', record: record.label, detail: describeLicence(licence, now), ...(note ? { note } : {}) });
    writes.push({ kind: 'insert-licence', licence, createdAt: record.createdAt });
    licences.set(record.serverId, licence);
  }
  return { outcomes, writes, licences };
}

// ── Settings ──────────────────────────────────────────────────────────────────

const valueOf = (settings: SettingsValues, section: SectionName, key: string): unknown => (settings[section] as Record<string, unknown>)[key];

/** The document's values over the stored ones, as the guild would have them after the import. */
function mergedSettings(stored: SettingsValues, values: readonly SettingValue[]): SettingsValues {
  const merged = structuredClone(stored);
  for (const { section, key, value } of values) (merged[section] as Record<string, unknown>)[key] = value;
  return merged;
}

/**
 * The API's toggle rules on the merged result: switching a module on without its required fields is
 * refused; clearing a required field of a module that stays on switches it off (as a save does).
 */
function withToggleRules(stored: SettingsValues, values: readonly SettingValue[], record: string) {
  const kept: SettingValue[] = [];
  const rejected: Rejection[] = [];
  const merged = mergedSettings(stored, values);
  for (const value of values) {
    const missing = value.key === 'enabled' && value.value === true ? missingRequiredFields(value.section, merged[value.section]) : [];
    if (missing.length > 0) {
      rejected.push({
        record,
        reason: `${value.section}.enabled: ${moduleTitle(value.section)} cannot be enabled until ${requirementNames(value.section, missing)} is set`,
      });
    } else kept.push(value);
  }
  const afterRefusals = mergedSettings(stored, kept);
  for (const section of new Set(kept.map((v) => v.section))) {
    const switchedOnBefore = valueOf(stored, section, 'enabled') === true && !kept.some((v) => v.section === section && v.key === 'enabled');
    if (switchedOnBefore && missingRequiredFields(section, afterRefusals[section]).length > 0) kept.push({ section, key: 'enabled', value: false });
  }
  return { kept, rejected };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Rows as they will be stored, so the next file (or document of the same guild) compares against them. */
function withRows(rows: readonly SettingRow[], changes: readonly SettingValue[]): SettingRow[] {
  const next = new Map(rows.map((row) => [`${row.section}.${row.key}`, row]));
  for (const { section, key, value } of changes) next.set(`${section}.${key}`, { section, key, value: JSON.stringify(value) });
  return [...next.values()];
}

function planSettings(record: SettingsRecord, settings: Map<string, readonly SettingRow[]>) {
  const rows = settings.get(record.guildId) ?? [];
  const stored = toGuildSettings(rows);
  const { kept, rejected } = withToggleRules(stored, record.values, record.label);
  const changes = kept.filter(({ section, key, value }) => !sameValue(valueOf(stored, section, key), value));
  settings.set(record.guildId, withRows(rows, changes));
  const outcomes: Outcome[] = [...record.rejected, ...rejected].map((r) => ({ status: 'rejected', ...r }));
  const names = (values: readonly SettingValue[]) => values.map((v) => `${v.section}.${v.key}`).join(', ');
  const unchanged = kept.length - changes.length;
  if (changes.length > 0) {
    const rest = unchanged > 0 ? `; ${unchanged} unchanged` : '';
    outcomes.unshift({
      status: 'imported',
      record: record.label,
      detail: `${changes.length} setting${changes.length === 1 ? '' : 's'}: ${names(changes)}${rest}`,
    });
  } else if (outcomes.length === 0 || kept.length > 0) {
    outcomes.unshift({ status: 'unchanged', record: record.label, detail: `${unchanged} setting${unchanged === 1 ? '' : 's'}` });
  }
  const writes: Write[] = changes.map((change) => ({ kind: 'setting', guildId: record.guildId, ...change }));
  return { outcomes, writes };
}

// ── One file ──────────────────────────────────────────────────────────────────

/** The writes and the report (in file order) of one file's records, against D1 as it stands before the file. */
export function planFile(records: readonly LegacyRecord[], state: StoredState, now: number): FilePlan {
  const licenceRecords = records.filter((r): r is LicenceRecord => r.kind === 'licence');
  const licences = planLicences(licenceRecords, state.licences, now);
  const settings = new Map(state.settings);
  const outcomes: Outcome[] = [];
  const writes: Write[] = [...licences.writes];
  for (const record of records) {
    if (record.kind === 'rejected') outcomes.push({ status: 'rejected', record: record.record, reason: record.reason });
    const licence = record.kind === 'licence' ? licences.outcomes.get(record) : undefined;
    if (licence) outcomes.push(licence);
    if (record.kind !== 'settings') continue;
    const planned = planSettings(record, settings);
    outcomes.push(...planned.outcomes);
    writes.push(...planned.writes);
  }
  return { outcomes, writes, state: { licences: licences.licences, settings } };
}

/** The ids an import needs to read: every server and user of the licences, every guild of the settings. */
export function idsToRead(records: readonly LegacyRecord[]): { serverIds: string[]; userIds: string[]; guildIds: string[] } {
  const licences = records.filter((r): r is LicenceRecord => r.kind === 'licence');
  const settings = records.filter((r): r is SettingsRecord => r.kind === 'settings');
  const unique = (ids: string[]) => [...new Set(ids)].sort();
  return {
    serverIds: unique(licences.map((l) => l.serverId)),
    userIds: unique(licences.map((l) => l.userId)),
    guildIds: unique(settings.map((s) => s.guildId)),
  };
}
