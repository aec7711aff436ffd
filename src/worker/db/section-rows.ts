/**
 * A module's stored rows (but the keys a save writes) as one text: what its rule across fields was checked on, read
 * with the check and required unchanged by the write, so the check and the write act as one (a compare-and-set).
 */
export interface SectionRows {
  /** The keys left out: those the save writes itself. */
  except: readonly string[];
  /** Null when the module has no other row. */
  rows: string | null;
}

// The rows in key order, each `key U+001F value`, joined by U+001E: one text that equals only itself.
const SECTION_ROWS = `(SELECT group_concat(key || char(31) || value, char(30)) FROM
  (SELECT key, value FROM guild_settings WHERE guild_id = ? AND section = ? AND key NOT IN (SELECT value FROM json_each(?)) ORDER BY key))`;

const binds = (guildId: string, section: string, except: readonly string[]) => [guildId, section, JSON.stringify(except)];

/** The section's rows but `except`, as a read that can share a batch (one transaction) with the rule's other reads (a BatchRead). */
export function sectionRowsRead(
  db: D1Database,
  guildId: string,
  section: string,
  except: readonly string[],
): { statements: D1PreparedStatement[]; read: (results: D1Result[]) => SectionRows } {
  return {
    statements: [db.prepare(`SELECT ${SECTION_ROWS} AS rows`).bind(...binds(guildId, section, except))],
    read: ([result]) => ({ except, rows: (result?.results[0] as { rows: string | null } | undefined)?.rows ?? null }),
  };
}

/** A write's condition: the section's rows but `except` are still `rows`. */
export const sectionRowsCondition = (guildId: string, section: string, { except, rows }: SectionRows) => ({
  sql: `${SECTION_ROWS} IS ?`,
  binds: [...binds(guildId, section, except), rows],
});
