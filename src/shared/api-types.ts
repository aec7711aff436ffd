/** Shapes of the JSON API (DESIGN section 4), shared by the Worker and the page. */
import type { AccessLevel } from './server-access';

export interface ApiErrorBody {
  error: string;
  code: string;
}

export interface SessionUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export type CheckAuthResponse = { authenticated: false } | { authenticated: true; user: SessionUser; isAdmin: boolean };

export interface StatsResponse {
  servers: number;
  users: number;
  commands: number;
}

export interface ServerSummary {
  id: string;
  name: string;
  icon: string | null;
  users: number;
}

/** A server of /api/allowed-servers, with what the user may do there. */
export interface AllowedServer extends ServerSummary {
  access: AccessLevel;
}

/** GET /api/allowed-servers: guilds with the bot that the user manages, then those a role grant opens to them. */
export type AllowedServersResponse = AllowedServer[];
/** GET /api/invitable-servers: guilds the user manages where the bot is absent. */
export type InvitableServersResponse = ServerSummary[];

export interface WhitelistedServersResponse {
  servers: string[];
}

/** One of the current user's licences, as the whitelist modal shows it. */
export interface OwnerWhitelistEntry {
  serverID: string;
  /** null when unknown; the page shows 'Unknown'. */
  serverName: string | null;
  expiresAt: number;
  /** false once expired: the entry stays, but the server is no longer licensed. */
  active: boolean;
  /** Made by an administrator: does not count towards the limit and cannot be moved by the user. */
  adminMade: boolean;
}

export interface ServerLicence {
  serverID: string;
  expiresAt: number;
  active: boolean;
}

/** GET /api/whitelisted-servers and the answer of POST /api/add-whitelisted-server. */
export interface WhitelistStateResponse extends WhitelistedServersResponse {
  entries: OwnerWhitelistEntry[];
  /** How many user-made entries a user may have, and how many this user has. */
  limit: number;
  used: number;
  /** Servers the user manages that hold an active licence, whoever made it. */
  licensed: string[];
  /** Every licence of a server the user manages, whoever made it, expired ones included (the cards show them). */
  licences: ServerLicence[];
  /** Where to ask for a licence. */
  supportUrl: string;
  /** Discord did not answer: the user's server list is the last known one, from `asOf`. */
  stale?: true;
  asOf?: number;
}

/** GET /api/admin-server-check: whether the bot is in a server, before an admin licenses it. */
export interface AdminServerCheckResponse {
  serverID: string;
  /** null when Discord could not be asked: the console does not warn then. */
  botInServer: boolean | null;
  name: string | null;
}

/** A whitelist entry as the admin console shows it (SPEC section 3). */
export interface AdminWhitelistEntry {
  _id: number;
  userID: string;
  /** null when unknown; the page shows 'Unknown'. */
  userName: string | null;
  serverID: string;
  serverName: string | null;
  expiresAt: number;
  createdAt: number;
  adminMade: boolean;
  active: boolean;
}

/** GET /api/all-whitelisted-servers */
export interface AllWhitelistedServersResponse {
  servers: AdminWhitelistEntry[];
}

/** POST /api/add-whitelisted-server-admin */
export interface AdminAddResponse {
  entry: AdminWhitelistEntry;
}

/** POST /api/update-whitelisted-server: the entry before and after, and which fields changed. */
export interface AdminUpdateResponse {
  entry: AdminWhitelistEntry;
  previous: AdminWhitelistEntry;
  changed: ('userID' | 'serverID' | 'expiresAt')[];
}

/** POST /api/delete-whitelisted-server */
export interface AdminDeleteResponse {
  deleted: AdminWhitelistEntry;
}

/** POST /api/restore-whitelisted-server: the deleted entry, back as it was (same id). */
export interface AdminRestoreResponse {
  entry: AdminWhitelistEntry;
}

/** A server of the bot, as the admin console's server picker offers it. */
export interface AdminServerOption {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
}

/** GET /api/admin-server-search?q */
export interface AdminServerSearchResponse {
  servers: AdminServerOption[];
}

/** A user the dashboard knows (logged in, or holds a licence), as the user picker offers them. */
export interface AdminUserOption {
  id: string;
  /** The display name (global name, else username). */
  name: string;
  /** null for a licence holder who never logged in. */
  username: string | null;
  avatar: string | null;
}

/** GET /api/admin-user-search?q */
export interface AdminUserSearchResponse {
  users: AdminUserOption[];
}
