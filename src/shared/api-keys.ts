/**
 * Every GET resource the pages read with SWR, as typed URLs (./api-key.ts). The Worker's SSR loaders fill SWR's
 * fallback under these same strings (`PAGE_DATA`, src/worker/render/loaders.ts), so the first paint never refetches.
 *
 * Strings only, with no runtime import of the typed client (src/client/api-client.ts). What every page loads before
 * it hydrates imports ./public-api-keys.ts and ./api-key.ts instead, and carries none of the rest.
 */
import type { AccessDeniedResponse } from './server-access';
import { apiKey, type ApiKey } from './api-key';
import { publicApiKeys } from './public-api-keys';

export { apiHref, apiKey, inviteHref, loginHref, type ApiKey } from './api-key';
export { apiRouteHref } from './api-route-href';

export const apiKeys = {
  ...publicApiKeys,
  allowedServers: apiKey('/allowed-servers'),
  invitableServers: apiKey('/invitable-servers'),
  whitelist: apiKey('/whitelisted-servers'),
  allWhitelist: apiKey('/all-whitelisted-servers'),
  sessions: apiKey('/sessions'),
  serverSettings: (serverID: string) => apiKey('/server-settings', { serverID }),
  /** Never fetched: where the server's first paint puts the 403 of a settings page the user may not open. */
  serverSettingsDenied: (serverID: string): ApiKey<AccessDeniedResponse> => `${apiKey('/server-settings', { serverID })}#denied`,
  /** One page of the audit; every filtered page's key starts with the unfiltered first page's. */
  settingsAudit: (serverID: string, filter: { section?: string | undefined; userID?: string | undefined; before?: number | undefined } = {}) =>
    apiKey('/server-settings/audit', { serverID, ...filter }),
  /** The settings as a file: the transfer's download link, and the settings copied from another server. */
  exportSettings: (serverID: string) => apiKey('/server-settings/export', { serverID }),
  /** Read by the settings page's Access panel. */
  serverAccess: (serverID: string) => apiKey('/server-access', { serverID }),
  /** Read by the admin console's pickers. */
  adminServerSearch: (q: string) => apiKey('/admin-server-search', { q }),
  adminUserSearch: (q: string) => apiKey('/admin-user-search', { q }),
  /** Whether the bot is in a server, asked before an admin licenses it. */
  adminServerCheck: (serverID: string) => apiKey('/admin-server-check', { serverID }),
} as const;
