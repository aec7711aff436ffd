/**
 * Every GET resource the pages read, as typed URL builders. The Worker's SSR loaders fill SWR's fallback
 * under exactly these keys and the pages' hooks read them, so the first paint never refetches.
 */
import type {
  AllowedServersResponse,
  AllWhitelistedServersResponse,
  CheckAuthResponse,
  InvitableServersResponse,
  StatsResponse,
  WhitelistStateResponse,
} from './api-types';
import type { AccessDeniedResponse } from './server-access';
import type { ServerSettingsResponse, SettingsAuditResponse } from './settings';

declare const answer: unique symbol;
/** A URL that answers `T` as JSON. The phantom field only carries the type. */
export type ApiKey<T> = string & { readonly [answer]?: T };

export const key = <T>(url: string) => url as ApiKey<T>;
export const withServer = (path: string, serverId: string) => `${path}?serverID=${encodeURIComponent(serverId)}`;

export const apiKeys = {
  checkAuth: key<CheckAuthResponse>('/api/check-auth'),
  stats: key<StatsResponse>('/api/stats'),
  allowedServers: key<AllowedServersResponse>('/api/allowed-servers'),
  invitableServers: key<InvitableServersResponse>('/api/invitable-servers'),
  whitelist: key<WhitelistStateResponse>('/api/whitelisted-servers'),
  allWhitelist: key<AllWhitelistedServersResponse>('/api/all-whitelisted-servers'),
  serverSettings: (serverId: string) => key<ServerSettingsResponse>(withServer('/api/server-settings', serverId)),
  /** Never fetched: where the server's first paint puts the 403 of a settings page the user may not open. */
  serverSettingsDenied: (serverId: string) => key<AccessDeniedResponse>(`${withServer('/api/server-settings', serverId)}#denied`),
  /** One page of the audit; every filtered page's key starts with the unfiltered first page's. */
  settingsAudit: (serverId: string, filter: { section?: string; userID?: string; before?: number } = {}) =>
    key<SettingsAuditResponse>(
      withServer('/api/server-settings/audit', serverId) +
        Object.entries(filter)
          .map(([name, value]) => (value ? `&${name}=${encodeURIComponent(value)}` : ''))
          .join(''),
    ),
} as const;

/** The login link; after Discord the visitor comes back to `returnTo` (a path of this site; the Worker checks it). */
export const loginHref = (returnTo?: string) => (returnTo && returnTo !== '/' ? `/api/auth?next=${encodeURIComponent(returnTo)}` : '/api/auth');

/** What a route's SSR loader provides: a list of keys, known from the route's params alone. */
export const loaderKeys = {
  servers: () => [apiKeys.allowedServers, apiKeys.invitableServers, apiKeys.whitelist],
  // The settings, the user's servers for the switcher, and their whitelist for the license banner.
  serverSettings: (params: Readonly<Record<string, string>>) =>
    params.serverId ? [apiKeys.serverSettings(params.serverId), apiKeys.allowedServers, apiKeys.whitelist] : [],
  adminWhitelist: () => [apiKeys.allWhitelist],
} as const satisfies Record<string, (params: Readonly<Record<string, string>>) => readonly string[]>;

export type LoaderKey = keyof typeof loaderKeys;
