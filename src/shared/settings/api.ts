/** What the settings calls answer: the page's settings, the audit, a conflict, and the bot's view of a guild. */
import type { AccessLevel } from '../server-access';
import type { GuildLists } from './guild';
import type { SettingsValues } from './values';

/** How many audit rows the 'Recent changes' panel shows. */
export const SETTINGS_AUDIT_LIMIT = 20;

export interface LicenceState {
  /** Epoch milliseconds, or null when the server has no licence. */
  expiresAt: number | null;
  active: boolean;
}

/** GET /api/server-settings and POST /api/update-server-settings. */
export type ServerSettingsResponse = SettingsValues &
  GuildLists & {
    name: string;
    /** Discord's approximate member count, when the user's guild list carries it (the welcome preview shows it). */
    memberCount: number | null;
    /** What the user may do here: 'read' sees everything and changes nothing. */
    access: AccessLevel;
    whitelist: LicenceState;
    /** Discord did not answer: the server's name, roles and channels are the last known ones, from `asOf`. */
    stale?: true;
    asOf?: number;
  };

/** Where a change was made when not on the dashboard: 'discord', by the bot for a member's command. */
export type AuditVia = 'discord';

/** What the history and the live toast add after a change the bot made for a member's command. */
export const MADE_IN_DISCORD = 'in Discord';

export interface SettingsAuditEntry {
  id: number;
  userId: string;
  userName: string;
  via?: AuditVia;
  section: string;
  key: string;
  /** The previous value (the default when the key had never been saved). */
  oldValue: unknown;
  newValue: unknown;
  createdAt: number;
}

/** GET /api/server-settings/audit */
export interface SettingsAuditResponse {
  entries: SettingsAuditEntry[];
  /** `before` for the next (older) page; null on the last page. */
  next: number | null;
  /** Everyone who changed this server's settings, for the filter. */
  users: { userId: string; userName: string }[];
}

/**
 * 409 CONFLICT: what the call would overwrite changed since the person saw it. A save or a revert: `current`
 * is the stored value; an import: the new dry run (SettingsImportResponse).
 */
export interface SettingConflictBody {
  error: string;
  code: 'CONFLICT';
  current: unknown;
  changedBy: string | null;
  /** Their Discord id: the page names its own user 'You (in another tab)', as its live notices do. */
  changedById: string | null;
  changedAt: number | null;
}
