import { Hono, type Context } from 'hono';
import {
  missingRequiredFields,
  parseSettingUpdate,
  settingsUrl,
  type ServerSettingsResponse,
  type SettingsAuditResponse,
  type SettingsValues,
} from '../../shared/settings';
import type { PartialGuild } from '../discord/api';
import { requireGuildManager, requireUser } from '../auth/guards';
import { listSettingsAudit, readGuildSettings, writeGuildSetting } from '../db/settings';
import { findLicence, isLicenceActive } from '../db/whitelist';
import { ApiError, badRequest } from '../errors';
import type { AppEnv } from '../hono-env';
import { checkReference, loadGuildView, type GuildView } from '../settings/guild-view';

export const settingsRoutes = new Hono<AppEnv>();

// Per-user data: never stored by a shared cache, never reused by the browser without asking.
const PRIVATE = { 'Cache-Control': 'private, no-store' };

const SECTION_TITLES: Record<string, string> = {
  autorole: 'Auto-Role',
  welcomemessage: 'Welcome Message',
  logs: 'Logs',
  starboard: 'Starboard',
  reactionrole: 'Reaction Role',
  ticket: 'Ticket',
};

function serverIdParam(c: Context<AppEnv>): string {
  const id = c.req.query('serverID');
  if (!id) throw badRequest('serverID is required.', 'INVALID_SERVER_ID');
  return id;
}

async function buildResponse(
  env: Env,
  guild: Pick<PartialGuild, 'id' | 'name'>,
  values: SettingsValues,
  view: GuildView,
): Promise<ServerSettingsResponse> {
  const licence = await findLicence(env.DB, guild.id);
  return {
    id: guild.id,
    name: guild.name,
    ...values,
    whitelist: { expiresAt: licence?.expiresAt ?? null, active: isLicenceActive(licence) },
    roles: view.roles,
    channels: view.channels,
    botHighestRolePosition: view.botHighestRolePosition,
  };
}

/** The settings answer for a guild the caller manages (401/403 otherwise). */
async function loadServerSettings(c: Context<AppEnv>, serverId: string): Promise<ServerSettingsResponse> {
  requireUser(c);
  const { guild } = await requireGuildManager(c, serverId);
  const [values, view] = await Promise.all([readGuildSettings(c.env.DB, guild.id), loadGuildView(c.env, guild.id)]);
  return buildResponse(c.env, guild, values, view);
}

settingsRoutes.get('/server-settings', async (c) => {
  requireUser(c);
  return c.json(await loadServerSettings(c, serverIdParam(c)), 200, PRIVATE);
});

settingsRoutes.get('/server-settings/audit', async (c) => {
  requireUser(c);
  const { guild } = await requireGuildManager(c, serverIdParam(c));
  const body: SettingsAuditResponse = { entries: await listSettingsAudit(c.env.DB, guild.id) };
  return c.json(body, 200, PRIVATE);
});

settingsRoutes.post('/update-server-settings', async (c) => {
  // Who asks comes first: a logged-out caller learns nothing about the body.
  const session = requireUser(c);
  const body: unknown = await c.req.json().catch(() => {
    throw badRequest('The request body must be a JSON object.', 'INVALID_JSON');
  });
  const parsed = parseSettingUpdate(body);
  if (!parsed.ok) throw badRequest(parsed.message, 'INVALID_FIELD');
  const { serverID, section, key, kind, value } = parsed.update;
  const { guild } = await requireGuildManager(c, serverID);

  let view = await loadGuildView(c.env, guild.id);
  view = await checkReference(c.env, guild.id, kind, value, view);

  const result = await writeGuildSetting(c.env.DB, {
    guildId: guild.id,
    section,
    key,
    value,
    userId: session.user.id,
    userName: session.user.global_name ?? session.user.username,
    now: Date.now(),
  });
  const values = await readGuildSettings(c.env.DB, guild.id);
  if (result === 'requirements-unmet') {
    const missing = missingRequiredFields(section, values[section]);
    throw new ApiError(
      400,
      'REQUIRED_FIELDS_UNSET',
      `value: ${SECTION_TITLES[section] ?? section} cannot be enabled until ${missing.join(' and ') || 'its required fields'} ${missing.length > 1 ? 'are' : 'is'} set.`,
    );
  }
  return c.json(await buildResponse(c.env, guild, values, view), 200, PRIVATE);
});

/** SSR loader: SWR fallback entries for the page (/api/server-settings?serverID={id}). */
export async function loadSettingsFallback(c: Context<AppEnv>, params: Record<string, string>): Promise<Record<string, unknown>> {
  const serverId = params.serverId;
  if (!c.get('session') || !serverId) return {};
  return { [settingsUrl(serverId)]: await loadServerSettings(c, serverId) };
}
