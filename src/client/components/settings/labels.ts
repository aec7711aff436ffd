import type { SectionName } from '../../../shared/settings';

/** Section titles exactly as SPEC section 2 names them. */
export const SECTION_TITLES: Record<SectionName, string> = {
  antinuke: 'Anti-Nuke',
  antimp3: 'Anti-MP3',
  autorole: 'Auto-Role',
  welcomemessage: 'Welcome Message',
  jail: 'Jail',
  logs: 'Logs',
  reactionrole: 'Reaction Role',
  starboard: 'Starboard',
  serverDisabledCommands: 'Disabled Commands',
  ticket: 'Ticket',
};

/** Control labels per section and key (shown on the page, in toasts and in the audit panel). */
export const FIELD_LABELS: Record<SectionName, Record<string, string>> = {
  antinuke: { enabled: 'Enable Anti-Nuke', whitelist: 'Whitelisted user IDs' },
  antimp3: { enabled: 'Enable Anti-MP3' },
  autorole: { enabled: 'Enable Auto-Role', roleID: 'Role' },
  welcomemessage: { enabled: 'Enable Welcome Message', channelID: 'Channel' },
  jail: { jailChannel: 'Jail channel' },
  logs: { enabled: 'Enable Logs', channelID: 'Channel' },
  reactionrole: { enabled: 'Enable Reaction Role', roleID: 'Role', messageID: 'Message ID', emojiName: 'Emoji name' },
  starboard: { enabled: 'Enable Starboard', starboardChannel: 'Starboard channel' },
  serverDisabledCommands: { commandNames: 'Disabled commands' },
  ticket: { enabled: 'Enable Ticket', messageID: 'Message ID', staffRoleID: 'Staff role', emojiName: 'Emoji' },
};

/** How a toggle hint names a missing required field ("Set a role and a message ID to enable"). */
export const REQUIREMENT_NAMES: Record<string, string> = {
  roleID: 'a role',
  channelID: 'a channel',
  starboardChannel: 'a starboard channel',
  messageID: 'a message ID',
  staffRoleID: 'a staff role',
};

export function fieldLabel(section: SectionName, key: string): string {
  return FIELD_LABELS[section][key] ?? key;
}

/** The name used in toasts: "Auto-Role role", "Enable Logs"… */
export function saveLabel(section: SectionName, key: string): string {
  const label = fieldLabel(section, key);
  return key === 'enabled' || key === 'commandNames' ? label : `${SECTION_TITLES[section]} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}
