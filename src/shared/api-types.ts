/** Shapes of the JSON API (DESIGN section 4), shared by the Worker and the page. */

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

export type CheckAuthResponse =
  | { authenticated: false }
  | { authenticated: true; user: SessionUser; isAdmin: boolean };

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

/** GET /api/allowed-servers: guilds the user manages where the bot is present. */
export type AllowedServersResponse = ServerSummary[];
/** GET /api/invitable-servers: guilds the user manages where the bot is absent. */
export type InvitableServersResponse = ServerSummary[];

export interface WhitelistedServersResponse {
  servers: string[];
}
