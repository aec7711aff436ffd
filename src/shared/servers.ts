/** A user's Discord servers, as the server list and the settings page's switcher show them. */
import type { AccessLevel } from './server-access';

export interface ServerSummary {
  id: string;
  name: string;
  icon: string | null;
  users: number;
}

/** A server the user may open, with what the user may do there. */
export interface AllowedServer extends ServerSummary {
  access: AccessLevel;
  /** How many of its modules are switched on (0: the bot does nothing there yet). */
  modulesOn: number;
}
