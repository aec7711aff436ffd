/**
 * A module's stored rows (but the keys a save or an import writes) as one text: what its rule across fields, or an
 * import's plan, was checked on, read with the check and required unchanged by the write, so the check and the write
 * act as one (a compare-and-set).
 */
export interface SectionRows {
  section: string;
  /** The keys left out: those the save writes itself. */
  except: readonly string[];
  /** Null when the module has no other row. */
  rows: string | null;
}

// The rows in key order, each `key KEY_END value`, joined by ROW_END: one text that equals only itself (a stored
// value is JSON text, which has neither control character unescaped).
const KEY_END = '\u001f';
const ROW_END = '\u001e';
const sectionRowsOf = (
  section: string,
  except: string,
) => `(SELECT group_concat(key || char(${KEY_END.charCodeAt(0)}) || value, char(${ROW_END.charCodeAt(0)})) FROM
  (SELECT key, value FROM guild_settings WHERE guild_id = ? AND section = ${section} AND key NOT IN (SELECT value FROM json_each(${except})) ORDER BY key))`;

/** The section's rows but `except`, as a read that can share a batch (one transaction) with the rule's other reads (a BatchRead). */
export function sectionRowsRead(
  db: D1Database,
  guildId: string,
  section: string,
  except: readonly string[],
): { statements: D1PreparedStatement[]; read: (results: D1Result[]) => SectionRows } {
  return {
    statements: [db.prepare(`SELECT ${sectionRowsOf('?', '?')} AS rows`).bind(guildId, section, JSON.stringify(except))],
    read: ([result]) => ({ section, except, rows: (result?.results[0] as { rows: string | null } | undefined)?.rows ?? null }),
  };
}

/** The same read with more keys left out (those a plan made on the read turned out to write). */
export function withoutKeys(read: SectionRows, keys: readonly string[]): SectionRows {
  const except = [...new Set([...read.except, ...keys])];
  const kept = (read.rows ?? '').split(ROW_END).filter((row) => row !== '' && !except.includes(row.slice(0, row.indexOf(KEY_END))));
  return { section: read.section, except, rows: kept.length === 0 ? null : kept.join(ROW_END) };
}

/**
 * A write's condition: each section's rows but its `except` are still its `rows`. One JSON parameter for any number
 * of sections (an import's), beside the guild's id, so a statement stays within D1's bound parameters.
 */
export const sectionRowsCondition = (guildId: string, reads: readonly SectionRows[]) => ({
  sql: `NOT EXISTS (SELECT 1 FROM json_each(?) AS snapshot WHERE
    ${sectionRowsOf("json_extract(snapshot.value, '$.section')", "json_extract(snapshot.value, '$.except')")} IS NOT json_extract(snapshot.value, '$.rows'))`,
  binds: [JSON.stringify(reads), guildId],
});

/** The condition as a read of its own (`unchanged`: 1 when it holds), to know in a batch whether its writes could run. */
export function sectionRowsUnchangedStatement(db: D1Database, guildId: string, reads: readonly SectionRows[]): D1PreparedStatement {
  const { sql, binds } = sectionRowsCondition(guildId, reads);
  return db.prepare(`SELECT ${sql} AS unchanged`).bind(...binds);
}
