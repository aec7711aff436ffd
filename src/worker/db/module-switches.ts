/** How many of a guild's modules are switched on, for the server list's cards: read from `guild_settings`. */
import { fieldSpec, SECTION_NAMES } from '../../shared/settings/registry';
import type { BatchRead } from './batch';

/** The modules with an on/off switch (a switch is off until saved on, so a guild without rows has none on). */
const SWITCHED_SECTIONS = SECTION_NAMES.filter((section) => fieldSpec(section, 'enabled')?.kind === 'toggle');

/** The number of switched-on modules per guild among `guildIds` (one statement, whatever their number; a guild with none is absent). */
export function modulesOnRead(db: D1Database, guildIds: readonly string[]): BatchRead<Map<string, number>> {
  const statements =
    guildIds.length === 0
      ? []
      : [
          db
            .prepare(
              `SELECT guild_id AS guildId, COUNT(*) AS modulesOn FROM guild_settings
               WHERE guild_id IN (SELECT value FROM json_each(?1)) AND key = 'enabled' AND value = 'true'
                 AND section IN (SELECT value FROM json_each(?2))
               GROUP BY guild_id`,
            )
            .bind(JSON.stringify(guildIds), JSON.stringify(SWITCHED_SECTIONS)),
        ];
  return {
    statements,
    read: ([result]) => new Map(((result?.results ?? []) as { guildId: string; modulesOn: number }[]).map((row) => [row.guildId, row.modulesOn])),
  };
}
