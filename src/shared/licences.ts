/** Licences (the whitelist) as the services shape them: an owner's own, and the admin console's view of all. */

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

/** An owner's licences and what they may still add (the whitelist modal, the license banner). */
export interface WhitelistStateResponse {
  servers: string[];
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

/** Whether the bot is in a server, before an admin licenses it. */
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

/** Every licence, for the admin console. */
export interface AllWhitelistedServersResponse {
  servers: AdminWhitelistEntry[];
}

/** An admin's edit of a licence: the entry before and after, and which fields changed. */
export interface AdminUpdateResponse {
  entry: AdminWhitelistEntry;
  previous: AdminWhitelistEntry;
  changed: ('userID' | 'serverID' | 'expiresAt')[];
}

/** A server of the bot, as the admin console's server picker offers it. */
export interface AdminServerOption {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
}

/** The admin console's server picker's matches. */
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

/** The admin console's user picker's matches. */
export interface AdminUserSearchResponse {
  users: AdminUserOption[];
}
