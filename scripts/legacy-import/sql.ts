/**
 * The import's SQL. The same statements go to the local D1 (prepared through the platform proxy) and to
 * the remote one (an SQL file for `wrangler d1 execute`, which takes no bound parameters), so every value
 * goes in as a literal made by `sqlLiteral`; nothing from an export reaches a statement any other way.
 */
import { WHITELIST_LIMIT_PER_USER } from '../../src/shared/constants.ts';
import { defaultValue } from '../../src/shared/settings/index.ts';
import type { SettingRow } from '../../src/worker/db/settings.ts';
import type { StoredLicence, StoredState, Write } from './plan.ts';

/** Who the settings audit names for imported values (the 'Recent changes' panel shows the name). */
export const LEGACY_IMPORT_ACTOR = { userId: 'legacy-import', userName: 'Legacy import' } as const;

export type SqlValue = string | number | null;

// Control characters would survive quoting but not every tool that reads a .sql file; bytes survive everything.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const hex = (text: string) => [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A value as an SQLite literal: NULL, an integer, or a string with its quotes doubled (or as UTF-8 bytes). */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`sqlLiteral: ${value} is not a safe integer`);
    return String(value);
  }
  if (hasControlCharacter(value)) return `CAST(X'${hex(value)}' AS TEXT)`;
  return `'${value.replaceAll("'", "''")}'`;
}

const list = (values: readonly SqlValue[]) => values.map(sqlLiteral).join(', ');

// ── Reading ───────────────────────────────────────────────────────────────────

/** A statement's text stays far below D1's 100 KB limit with this many 20-digit ids. */
const IDS_PER_STATEMENT = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IDS_PER_STATEMENT) out.push(items.slice(i, i + IDS_PER_STATEMENT));
  return out;
}

const LICENCE_COLUMNS =
  'user_id AS userId, user_name AS userName, server_id AS serverId, server_name AS serverName, expires_at AS expiresAt, admin_made AS adminMade';

export interface ReadStatement {
  table: 'whitelist' | 'guild_settings';
  sql: string;
}

/** The rows an import compares against: licences of these servers or users, settings of these guilds. */
export function readStatements(ids: { serverIds: string[]; userIds: string[]; guildIds: string[] }): ReadStatement[] {
  return [
    ...chunks(ids.serverIds).map((chunk) => ({
      table: 'whitelist' as const,
      sql: `SELECT ${LICENCE_COLUMNS} FROM whitelist WHERE server_id IN (${list(chunk)})`,
    })),
    ...chunks(ids.userIds).map((chunk) => ({ table: 'whitelist' as const, sql: `SELECT ${LICENCE_COLUMNS} FROM whitelist WHERE user_id IN (${list(chunk)})` })),
    ...chunks(ids.guildIds).map((chunk) => ({
      table: 'guild_settings' as const,
      sql: `SELECT guild_id AS guildId, section, key, value FROM guild_settings WHERE guild_id IN (${list(chunk)})`,
    })),
  ];
}

interface LicenceResultRow {
  userId: string;
  userName: string;
  serverId: string;
  serverName: string | null;
  expiresAt: number;
  adminMade: number;
}

type SettingResultRow = SettingRow & { guildId: string };

/** The state from the rows each read statement returned (same order as `readStatements`). */
export function stateFromRows(statements: readonly ReadStatement[], results: readonly (readonly unknown[])[]): StoredState {
  const licences = new Map<string, StoredLicence>();
  const settings = new Map<string, SettingRow[]>();
  statements.forEach((statement, index) => {
    const rows = results[index] ?? [];
    if (statement.table === 'whitelist') {
      for (const row of rows as LicenceResultRow[]) licences.set(row.serverId, { ...row, adminMade: row.adminMade === 1 });
    } else {
      for (const { guildId, section, key, value } of rows as SettingResultRow[])
        settings.set(guildId, [...(settings.get(guildId) ?? []), { section, key, value }]);
    }
  });
  return { licences, settings };
}

// ── Writing ───────────────────────────────────────────────────────────────────

function insertLicence(licence: StoredLicence, createdAt: number): string {
  const { userId, userName, serverId, serverName, expiresAt } = licence;
  // The limit is decided again inside the write, as the API does, so a licence added in the dashboard since
  // the import read D1 cannot lift a user over it. A server licensed since then fails the UNIQUE constraint
  // and with it the whole file.
  return `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made)
SELECT ${list([userId, userName, serverId, serverName, expiresAt, createdAt])},
  CASE WHEN (SELECT COUNT(*) FROM whitelist WHERE user_id = ${sqlLiteral(userId)} AND admin_made = 0) < ${WHITELIST_LIMIT_PER_USER} THEN 0 ELSE 1 END`;
}

function updateLicence(licence: StoredLicence): string {
  const { userId, userName, serverId, serverName, expiresAt } = licence;
  return `UPDATE whitelist SET user_name = ${sqlLiteral(userName)}, server_name = ${sqlLiteral(serverName)}, expires_at = ${sqlLiteral(expiresAt)}
WHERE server_id = ${sqlLiteral(serverId)} AND user_id = ${sqlLiteral(userId)}`;
}

/** The audit row reads the value it replaces in the same statement, like a save from the page. */
function writeSetting(write: Extract<Write, { kind: 'setting' }>, now: number): string[] {
  const { guildId, section, key } = write;
  const json = JSON.stringify(write.value);
  const { userId, userName } = LEGACY_IMPORT_ACTOR;
  const where = `guild_id = ${sqlLiteral(guildId)} AND section = ${sqlLiteral(section)} AND key = ${sqlLiteral(key)}`;
  return [
    `INSERT INTO settings_audit (guild_id, user_id, user_name, section, key, old_value, new_value, created_at)
SELECT ${list([guildId, userId, userName, section, key])}, old, ${sqlLiteral(json)}, ${now}
FROM (SELECT COALESCE((SELECT value FROM guild_settings WHERE ${where}), ${sqlLiteral(JSON.stringify(defaultValue(section, key)))}) AS old)
WHERE old IS NOT ${sqlLiteral(json)}`,
    `INSERT INTO guild_settings (guild_id, section, key, value, updated_at, updated_by)
VALUES (${list([guildId, section, key, json, now, userId])})
ON CONFLICT (guild_id, section, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  ];
}

/** The statements of a file's writes. D1 runs them as one batch, so all of them happen or none. */
export function writeStatements(writes: readonly Write[], now: number): string[] {
  return writes.flatMap((write) => {
    if (write.kind === 'insert-licence') return [insertLicence(write.licence, write.createdAt ?? now)];
    if (write.kind === 'update-licence') return [updateLicence(write.licence)];
    return writeSetting(write, now);
  });
}

/** A .sql file for `wrangler d1 execute --file`. */
export const sqlFile = (statements: readonly string[]) => statements.map((statement) => `${statement};\n`).join('');
