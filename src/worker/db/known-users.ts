/**
 * The users the dashboard knows (the `known_users` table): kept by triggers on logins and licences
 * (migrations/0008_admin_lookup.sql), read by the admin console's user picker.
 */
import { firstDistinct, idPrefixRange, likePrefix } from './prefix-search';

export interface KnownUserRow {
  id: string;
  /** null for a licence holder who never logged in: only the licence's display name is known. */
  username: string | null;
  displayName: string;
  avatar: string | null;
}

const COLUMNS = 'id, username, display_name AS displayName, avatar';

/**
 * Users whose id starts with `text` (digits only), or whose display name or username starts with it, ignoring
 * ASCII case; in that order. Three index ranges of at most `limit` rows each.
 */
export async function searchKnownUsers(db: D1Database, text: string, limit: number): Promise<KnownUserRow[]> {
  const [from, to] = idPrefixRange(text);
  const { results } = await db
    .prepare(
      `SELECT * FROM (SELECT ${COLUMNS} FROM known_users WHERE id >= ?2 AND id < ?3 ORDER BY id LIMIT ?4)
       UNION ALL
       SELECT * FROM (SELECT ${COLUMNS} FROM known_users WHERE display_name LIKE ?1 ESCAPE '\\' ORDER BY display_name COLLATE NOCASE LIMIT ?4)
       UNION ALL
       SELECT * FROM (SELECT ${COLUMNS} FROM known_users WHERE username LIKE ?1 ESCAPE '\\' ORDER BY username COLLATE NOCASE LIMIT ?4)`,
    )
    .bind(likePrefix(text), from, to, limit)
    .all<KnownUserRow>();
  return firstDistinct(results, limit);
}
