/** Ids a guild's recent changes of some fields named (the members its Recent changes list shows). */

/**
 * The distinct text items of these fields' values before and after each change (`section.key`; list values), the
 * most recently named first, at most `limit`. A value that is not a JSON list names none.
 */
export async function idsInRecentChanges(db: D1Database, guildId: string, fields: readonly string[], limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT item.value AS id FROM
         (SELECT id, old_value AS value FROM settings_audit WHERE guild_id = ?1 AND section || '.' || key IN (SELECT value FROM json_each(?2))
          UNION ALL
          SELECT id, new_value FROM settings_audit WHERE guild_id = ?1 AND section || '.' || key IN (SELECT value FROM json_each(?2))) AS change,
         json_each(CASE WHEN json_valid(change.value) AND json_type(change.value) = 'array' THEN change.value ELSE '[]' END) AS item
       WHERE item.type = 'text'
       GROUP BY item.value ORDER BY MAX(change.id) DESC LIMIT ?3`,
    )
    .bind(guildId, JSON.stringify(fields), limit)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}
