/** Per-server bot settings: who may read and change them, the checks against the guild, and the answers. */
import { missingRequiredFields, settingUpdateSchema, type ServerSettingsResponse, type SettingsAuditEntry } from '../../shared/settings';
import { moduleTitle } from '../../shared/settings-registry';
import type { z } from 'zod';
import { guildSettingsStatement, listSettingsAudit, toGuildSettings, writeGuildSetting, type SettingRow } from '../db/settings';
import { licenceStatement, type Licence } from '../db/whitelist';
import { ApiError } from '../errors';
import type { ActiveSession } from '../hono-env';
import { checkReference, loadGuildView } from './guild-view';
import { toLicenceState } from './licences';
import { requireManagedGuild, type GuildLookup } from './servers';

/** A guild's settings and licence in one D1 round trip. */
async function readStoredState(db: D1Database, guildId: string) {
  const [settings, licence] = await db.batch([guildSettingsStatement(db, guildId), licenceStatement(db, guildId)]);
  const licenceRow = (licence?.results[0] as Licence | undefined) ?? null;
  return [toGuildSettings((settings?.results ?? []) as SettingRow[]), toLicenceState(licenceRow)] as const;
}

/**
 * The settings answer for a guild the user manages (403 otherwise). The D1 reads start beside the
 * permission check; their rows are only answered once the check has passed.
 */
export async function serverSettings(env: Env, session: ActiveSession, serverId: string, options: GuildLookup = {}): Promise<ServerSettingsResponse> {
  const stored = readStoredState(env.DB, serverId);
  // Without this the reads' rejection would go unobserved when the permission check throws first.
  stored.catch(() => undefined);
  const guild = await requireManagedGuild(env, session, serverId, options);
  const [[values, whitelist], view] = await Promise.all([stored, loadGuildView(env, guild.id, false, options.signal)]);
  return { id: guild.id, name: guild.name, ...values, whitelist, ...view };
}

export async function settingsAudit(env: Env, session: ActiveSession, serverId: string): Promise<SettingsAuditEntry[]> {
  const guild = await requireManagedGuild(env, session, serverId);
  return listSettingsAudit(env.DB, guild.id);
}

/** Saves one key after checking the referenced role or channel exists, then answers the reloaded settings. */
export async function updateServerSetting(
  env: Env,
  session: ActiveSession,
  { serverID, section, key, kind, value }: z.output<typeof settingUpdateSchema>,
): Promise<ServerSettingsResponse> {
  const guild = await requireManagedGuild(env, session, serverID);
  const view = await checkReference(env, guild.id, kind, value, await loadGuildView(env, guild.id));
  const result = await writeGuildSetting(env.DB, {
    guildId: guild.id,
    section,
    key,
    value,
    userId: session.user.id,
    userName: session.user.global_name ?? session.user.username,
    now: Date.now(),
  });
  const [values, whitelist] = await readStoredState(env.DB, guild.id);
  if (result === 'requirements-unmet') {
    const missing = missingRequiredFields(section, values[section]);
    throw new ApiError(
      400,
      'REQUIRED_FIELDS_UNSET',
      `value: ${moduleTitle(section)} cannot be enabled until ${missing.join(' and ') || 'its required fields'} ${missing.length > 1 ? 'are' : 'is'} set.`,
    );
  }
  return { id: guild.id, name: guild.name, ...values, whitelist, ...view };
}
