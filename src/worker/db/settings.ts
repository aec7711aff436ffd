/**
 * Guild settings and their audit trail. One row per (guild, section, key) holds a JSON value, so saving
 * one key never touches another; each save and its audit row go to D1 in one batch (one transaction).
 */
import { DAY_MS } from '../../shared/constants';
import {
  clearsRequiredField,
  defaultSettings,
  defaultValue,
  isSectionName,
  isSettingKey,
  requiredFields,
  SETTINGS_AUDIT_LIMIT,
  valueSchema,
  type AuditVia,
  type SettingsAuditEntry,
  type SettingsValues,
} from '../../shared/settings/index';
import type { SectionName } from '../../shared/settings/registry';
import { sectionRowsCondition, sectionRowsUnchangedStatement, type SectionRows } from './section-rows';

export interface SettingRow {
  section: string;
  key: string;
  value: string;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The rows of a guild's settings, as a statement that can join a batch with other reads. */
export const guildSettingsStatement = (db: D1Database, guildId: string) =>
  db.prepare('SELECT section, key, value FROM guild_settings WHERE guild_id = ?').bind(guildId);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A copy of JSON data, each array and object a new one. */
function copyJson<T extends Json>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, Json> = {};
  for (const key of Object.keys(value)) copy[key] = copyJson(value[key] as Json);
  return copy as T;
}

/**
 * The defaults, worked out once per isolate as JSON data (what a stored read would give): building them from the
 * registry on every read of a guild's settings cost a settings page tens of µs, and parsing a JSON copy of them still
 * 10–18 µs; copying the data costs a fraction of that (docs/performance.md). Each read fills a copy of its own.
 */
let defaults: Json | undefined;
const freshDefaults = () => copyJson((defaults ??= JSON.parse(JSON.stringify(defaultSettings())) as Json)) as unknown as SettingsValues;

/** Stored values over the defaults. A row that no longer fits the schema falls back to the default. */
export function toGuildSettings(rows: readonly SettingRow[]): SettingsValues {
  const settings = freshDefaults();
  for (const row of rows) {
    if (!isSectionName(row.section) || !isSettingKey(row.section, row.key)) continue;
    const parsed = valueSchema(row.section, row.key).safeParse(parseJson(row.value));
    if (parsed.success) (settings[row.section] as Record<string, unknown>)[row.key] = parsed.data;
  }
  return settings;
}

export async function readGuildSettings(db: D1Database, guildId: string): Promise<SettingsValues> {
  const { results } = await guildSettingsStatement(db, guildId).all<SettingRow>();
  return toGuildSettings(results);
}

export interface SettingWrite {
  guildId: string;
  section: SectionName;
  key: string;
  /** Already validated and normalised. */
  value: unknown;
  userId: string;
  userName: string;
  /** 'discord' when the bot made the change for a member's command; absent on the dashboard. */
  via?: AuditVia;
  now: number;
  /** Only write when the stored value (or the default) is still this one. */
  expected?: unknown;
  /** Only write when another key of the section holds this value (a companion after its key's write). */
  whenStored?: { key: string; value: unknown };
  /** Only write when these sections' other rows are still these (what a module's rule, or a plan, was checked against). */
  sectionsUnchanged?: readonly SectionRows[];
}

/** 'refused': a condition did not hold (required fields unset, or the stored value is not `expected`). */
export type SettingWriteResult = 'saved' | 'refused';

// JSON texts of an unset value: null, an empty string, an empty list.
const UNSET_JSON = `('null', '""', '[]')`;

/**
 * Saves one key and its audit row atomically. Enabling a toggle is conditional, inside the same batch,
 * on its required fields being set at that moment, so a concurrent "clear the role" cannot slip between
 * a check and the write. Clearing a required field of an enabled section switches the section off (with
 * its own audit row) rather than refusing: the owner asked for "no role", and a running feature without
 * its role would misbehave.
 */
export async function writeGuildSetting(
  db: D1Database,
  write: SettingWrite,
  companions: readonly { key: string; value: unknown }[] = [],
): Promise<SettingWriteResult> {
  // Companions follow their key in the same transaction, and only where it now holds the value just written.
  const follow = companions.map((companion) => ({ ...write, ...companion, expected: undefined, whenStored: { key: write.key, value: write.value } }));
  const results = await db.batch([write, ...follow].flatMap((each) => settingWriteStatements(db, each)));
  return (results[1]?.meta.changes ?? 0) > 0 ? 'saved' : 'refused';
}

/**
 * Several keys in one transaction (an import): all are written or none. Each keeps its own conditions, and
 * later statements see earlier ones, so a module's fields written before its switch count for the switch.
 * With `unchanged`, every write also requires those sections' other rows as they were read: when one is not,
 * nothing is written and the answer is 'changed'. Else it answers the writes whose condition held.
 */
export async function writeGuildSettings(
  db: D1Database,
  writes: readonly SettingWrite[],
  unchanged: readonly SectionRows[] = [],
): Promise<SettingWrite[] | 'changed'> {
  const [first] = writes;
  if (first === undefined) return [];
  // Read first in the same transaction: the condition every write then carries, as it held for all of them.
  const guard = unchanged.length === 0 ? [] : [sectionRowsUnchangedStatement(db, first.guildId, unchanged)];
  const groups = writes.map((write) => settingWriteStatements(db, guard.length === 0 ? write : { ...write, sectionsUnchanged: unchanged }));
  const results = await db.batch([...guard, ...groups.flat()]);
  if (guard.length > 0 && (results[0]?.results[0] as { unchanged: number } | undefined)?.unchanged !== 1) return 'changed';
  let offset = guard.length;
  return writes.filter((_, index) => {
    const saved = (results[offset + 1]?.meta.changes ?? 0) > 0;
    offset += groups[index]?.length ?? 0;
    return saved;
  });
}

/** The keys one write changes: its own, and the switch it turns off when it clears a field the switch needs. */
export const keysChangedBy = ({ section, key, value }: Pick<SettingWrite, 'section' | 'key' | 'value'>) =>
  clearsRequiredField(section, key, value) ? [key, 'enabled'] : [key];

/** The statements of one key's write: its audit row, the upsert, and the switch-off a cleared required field causes. */
function settingWriteStatements(db: D1Database, write: SettingWrite): D1PreparedStatement[] {
  const { guildId, section, key, userId, userName, now } = write;
  const via = write.via ?? null;
  const json = JSON.stringify(write.value);
  const defaultJson = JSON.stringify(defaultValue(section, key));
  const needs = key === 'enabled' && write.value === true ? requiredFields(section) : [];
  const conditions = needs.map(() => `EXISTS (SELECT 1 FROM guild_settings WHERE guild_id = ? AND section = ? AND key = ? AND value NOT IN ${UNSET_JSON})`);
  const conditionBinds: unknown[] = needs.flatMap((required) => [guildId, section, required]);
  if (write.expected !== undefined) {
    conditions.push('COALESCE((SELECT value FROM guild_settings WHERE guild_id = ? AND section = ? AND key = ?), ?) = ?');
    conditionBinds.push(guildId, section, key, defaultJson, JSON.stringify(write.expected));
  }
  if (write.sectionsUnchanged !== undefined) {
    const unchanged = sectionRowsCondition(guildId, write.sectionsUnchanged);
    conditions.push(unchanged.sql);
    conditionBinds.push(...unchanged.binds);
  }
  if (write.whenStored !== undefined) {
    conditions.push('EXISTS (SELECT 1 FROM guild_settings WHERE guild_id = ? AND section = ? AND key = ? AND value = ?)');
    conditionBinds.push(guildId, section, write.whenStored.key, JSON.stringify(write.whenStored.value));
  }
  const condition = conditions.length === 0 ? '1' : conditions.join(' AND ');

  const statements = [
    // The audit row first: its old value is read in the same transaction, before the upsert replaces it.
    db
      .prepare(
        `INSERT INTO settings_audit (guild_id, user_id, user_name, via, section, key, old_value, new_value, created_at)
         SELECT ?, ?, ?, ?, ?, ?, old, ?, ?
         FROM (SELECT COALESCE((SELECT value FROM guild_settings WHERE guild_id = ? AND section = ? AND key = ?), ?) AS old)
         WHERE old IS NOT ? AND ${condition}`,
      )
      .bind(guildId, userId, userName, via, section, key, json, now, guildId, section, key, defaultJson, json, ...conditionBinds),
    db
      .prepare(
        `INSERT INTO guild_settings (guild_id, section, key, value, updated_at, updated_by)
         SELECT ?, ?, ?, ?, ?, ? WHERE ${condition}
         ON CONFLICT (guild_id, section, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      )
      .bind(guildId, section, key, json, now, userId, ...conditionBinds),
  ];
  if (clearsRequiredField(section, key, write.value)) {
    const enabled = `SELECT 1 FROM guild_settings WHERE guild_id = ? AND section = ? AND key = 'enabled' AND value = 'true'`;
    statements.push(
      db
        .prepare(
          `INSERT INTO settings_audit (guild_id, user_id, user_name, via, section, key, old_value, new_value, created_at)
           SELECT ?, ?, ?, ?, ?, 'enabled', 'true', 'false', ? WHERE EXISTS (${enabled})`,
        )
        .bind(guildId, userId, userName, via, section, now, guildId, section),
      db
        .prepare(
          `UPDATE guild_settings SET value = 'false', updated_at = ?, updated_by = ? WHERE guild_id = ? AND section = ? AND key = 'enabled' AND value = 'true'`,
        )
        .bind(now, userId, guildId, section),
    );
  }
  return statements;
}

interface AuditRow {
  id: number;
  user_id: string;
  user_name: string;
  via: AuditVia | null;
  section: string;
  key: string;
  old_value: string | null;
  new_value: string;
  created_at: number;
}

const toAuditEntry = (row: AuditRow): SettingsAuditEntry => ({
  id: row.id,
  userId: row.user_id,
  userName: row.user_name,
  ...(row.via === null ? {} : { via: row.via }),
  section: row.section,
  key: row.key,
  oldValue: parseJson(row.old_value),
  newValue: parseJson(row.new_value),
  createdAt: row.created_at,
});

const AUDIT_COLUMNS = 'id, user_id, user_name, via, section, key, old_value, new_value, created_at';

export interface AuditFilter {
  /** Only changes older than this id (the cursor of the previous page). */
  before?: number;
  section?: string;
  userId?: string;
}

/** One page of a guild's changes, newest first, and the cursor of the next page (null on the last). */
export async function listSettingsAudit(
  db: D1Database,
  guildId: string,
  filter: AuditFilter = {},
  limit = SETTINGS_AUDIT_LIMIT,
): Promise<{ entries: SettingsAuditEntry[]; next: number | null }> {
  const { results } = await db
    .prepare(
      `SELECT ${AUDIT_COLUMNS} FROM settings_audit
       WHERE guild_id = ?1 AND (?2 IS NULL OR id < ?2) AND (?3 IS NULL OR section = ?3) AND (?4 IS NULL OR user_id = ?4)
       ORDER BY id DESC LIMIT ?5`,
    )
    .bind(guildId, filter.before ?? null, filter.section ?? null, filter.userId ?? null, limit + 1)
    .all<AuditRow>();
  const page = results.slice(0, limit).map(toAuditEntry);
  return { entries: page, next: results.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** Everyone who changed this guild's settings (their latest name), for the audit's filter. */
export async function listAuditUsers(db: D1Database, guildId: string): Promise<{ userId: string; userName: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT user_id AS userId, user_name AS userName FROM settings_audit
       WHERE id IN (SELECT MAX(id) FROM settings_audit WHERE guild_id = ? GROUP BY user_id) ORDER BY user_name`,
    )
    .bind(guildId)
    .all<{ userId: string; userName: string }>();
  return results;
}

export async function findSettingsChange(db: D1Database, guildId: string, id: number): Promise<SettingsAuditEntry | null> {
  const row = await db.prepare(`SELECT ${AUDIT_COLUMNS} FROM settings_audit WHERE guild_id = ? AND id = ?`).bind(guildId, id).first<AuditRow>();
  return row ? toAuditEntry(row) : null;
}

/** The change of `key` written in the same save as `change` (a message id's channel): same user, same moment. */
export async function companionChangeOf(db: D1Database, guildId: string, change: SettingsAuditEntry, key: string): Promise<SettingsAuditEntry | null> {
  const row = await db
    .prepare(
      `SELECT ${AUDIT_COLUMNS} FROM settings_audit WHERE guild_id = ? AND section = ? AND key = ? AND user_id = ? AND created_at = ? ORDER BY id DESC LIMIT 1`,
    )
    .bind(guildId, change.section, key, change.userId, change.createdAt)
    .first<AuditRow>();
  return row ? toAuditEntry(row) : null;
}

/** How long the 'Recent changes' history is kept. */
export const SETTINGS_AUDIT_RETENTION_DAYS = 90;

/** Cron: drop audit rows older than the retention period, so the table stays bounded. */
export async function pruneSettingsAudit(db: D1Database, now = Date.now()): Promise<void> {
  await db
    .prepare('DELETE FROM settings_audit WHERE created_at < ?')
    .bind(now - SETTINGS_AUDIT_RETENTION_DAYS * DAY_MS)
    .run();
}
