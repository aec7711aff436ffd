/**
 * The calls pages make outside SWR: POST actions and one-off GETs. Apart from the keys in api-keys.ts, so the
 * landing page, which makes none of them, does not carry them.
 */
import type { AdminServerCheckResponse, AdminServerSearchResponse, AdminUserSearchResponse } from './api-types';
import { key, withServer } from './api-keys';
import type { ServerAccessResponse } from './server-access';
import type { SettingsDocument } from './settings-transfer';

export const apiGets = {
  exportSettings: (serverId: string) => key<SettingsDocument>(withServer('/api/server-settings/export', serverId)),
  adminServerCheck: (serverId: string) => key<AdminServerCheckResponse>(withServer('/api/admin-server-check', serverId)),
  /** Read with SWR by the admin console's pickers. */
  adminServerSearch: (text: string) => key<AdminServerSearchResponse>(`/api/admin-server-search?q=${encodeURIComponent(text)}`),
  adminUserSearch: (text: string) => key<AdminUserSearchResponse>(`/api/admin-user-search?q=${encodeURIComponent(text)}`),
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
  adminRestore: '/api/restore-whitelisted-server',
} as const;
