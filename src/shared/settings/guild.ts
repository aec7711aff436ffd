/** What the settings need to know of a Discord server: its roles, channels and emoji, and which the bot may use. */

/** Discord channel types the page needs (GUILD_TEXT, GUILD_CATEGORY, GUILD_ANNOUNCEMENT); plain numbers, no runtime enums. */
export const TEXT_CHANNEL_TYPE = 0;
export const CATEGORY_CHANNEL_TYPE = 4;
export const ANNOUNCEMENT_CHANNEL_TYPE = 5;

export interface SettingsRole {
  id: string;
  name: string;
  /** Discord's integer colour; 0 means "no colour". */
  color: number;
  position: number;
  managed: boolean;
}

export interface SettingsChannel {
  id: string;
  name: string;
  type: number;
  parent_id: string | null;
  position: number;
}

/** One of the server's own emoji. */
export interface SettingsEmoji {
  id: string;
  name: string;
  animated: boolean;
  /** False while the server has lost the boost level the emoji needs. */
  available: boolean;
}

/** The server as the settings see it: the page's answer and the Worker's view both have this shape. */
export interface GuildLists {
  id: string;
  roles: SettingsRole[];
  channels: SettingsChannel[];
  emojis: SettingsEmoji[];
  /** Roles at or above this position cannot be assigned by the bot. */
  botHighestRolePosition: number;
}

/** Whether the bot can hand out a role: below its own highest role, not @everyone, not an integration's. */
export function isAssignableRole(role: SettingsRole, botHighestRolePosition: number): boolean {
  return !role.managed && role.position > 0 && role.position < botHighestRolePosition;
}

/** Roles a person can pick at all: everything but @everyone (position 0 / id = guild id) and managed roles. */
export function isSelectableRole(role: SettingsRole, guildId: string): boolean {
  return !role.managed && role.id !== guildId;
}

/** Discord's CDN address of a server emoji's image. */
export const emojiImageUrl = (emoji: Pick<SettingsEmoji, 'id' | 'animated'>) =>
  `https://cdn.discordapp.com/emojis/${emoji.id}.${emoji.animated ? 'gif' : 'webp'}?size=48`;

/**
 * Where a reaction role's or a ticket's message may be: a text or an announcement channel of the server. The bot
 * watches reactions there; a voice channel's chat, a thread or another server's channel is not where it looks.
 */
export const isMessageChannel = (channel: Pick<SettingsChannel, 'type'>): boolean =>
  channel.type === TEXT_CHANNEL_TYPE || channel.type === ANNOUNCEMENT_CHANNEL_TYPE;

/** Why a message's channel cannot be stored (`channel`: the server's channel with that id, if it has one), or null. */
export function messageChannelProblem(id: string, channel: SettingsChannel | undefined): string | null {
  if (channel === undefined) return `the message's channel ${id} does not exist in this server.`;
  return isMessageChannel(channel) ? null : `the message's channel '${channel.name}' is not a text or announcement channel.`;
}
