// Kenji Lounge's settings as its owner sees them, from a clean slate before each test: the calls the settings tests share.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach } from 'vitest';
import type { ServerSettingsResponse, SettingsAuditResponse } from '../../../src/shared/settings/index';
import { clearKv, GUILDS, loginDemoUsers } from './login';
import { call, postJson } from './request';

export function kenjiSettingsAsOwner() {
  const session = { owner: '' };
  beforeAll(async () => {
    ({ owner: session.owner } = await loginDemoUsers());
  });
  beforeEach(async () => {
    await clearKv(env.CACHE);
    await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
  });
  return {
    owner: () => session.owner,
    set: (section: string, key: string, value: unknown) =>
      postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: session.owner }),
    settings: async () => (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: session.owner })).json<ServerSettingsResponse>(),
    audit: async () => (await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`, { cookie: session.owner })).json<SettingsAuditResponse>(),
    rowCount: async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings').first<{ n: number }>())?.n ?? 0,
  };
}
