/**
 * The calls pages make outside SWR: POST actions and one-off GETs. Apart from the keys in api-keys.ts, so the
 * landing page, which makes none of them, does not carry them.
 */
import type { AdminServerCheckResponse } from './api-types';
import { key, withServer } from './api-keys';
import type { ServerAccessResponse } from './server-access';
import type { SettingsDocument } from './settings-transfer';

export const apiGets = {
  exportSettings: (serverId: string) => key<SettingsDocument>(withServer('/api/server-settings/export', serverId)),
  adminServerCheck: (serverId: string) => key<AdminServerCheckResponse>(withServer('/api/admin-server-check', serverId)),
  /** Read with SWR by the settings page's Access panel only; kept here so the landing page does not carry it. */
  serverAccess: (serverId: string) => key<ServerAccessResponse>(withServer('/api/server-access', serverId)),
} as const;

export const apiActions = {
  logout: '/api/logout',
  addWhitelistedServer: '/api/add-whitelisted-server',
  updateServerSettings: '/api/update-server-settings',
  revertSetting: '/api/server-settings/revert',
  importSettings: '/api/server-settings/import',
  updateServerAccess: '/api/update-server-access',
  adminAdd: '/api/add-whitelisted-server-admin',
  adminUpdate: '/api/update-whitelisted-server',
  adminDelete: '/api/delete-whitelisted-server',
} as const;
