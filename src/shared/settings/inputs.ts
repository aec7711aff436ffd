/** What owners type into the settings page, read the way the Worker reads it: ids, message links, placeholders. */
import { SNOWFLAKE_DIGITS } from '../discord-ids';
import { messageChannelProblem, type SettingsChannel } from './guild';

// ── Message links ─────────────────────────────────────────────────────────────

export interface MessageLink {
  /** A server id, or '@me' for a direct message. */
  guildID: string;
  channelID: string;
  messageID: string;
}

const MESSAGE_LINK = new RegExp(
  String.raw`^https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/channels/(${SNOWFLAKE_DIGITS}|@me)/(${SNOWFLAKE_DIGITS})/(${SNOWFLAKE_DIGITS})/?$`,
  'i',
);

/** `https://discord.com/channels/{guild}/{channel}/{message}` (ptb., canary. and discordapp.com too), or null. */
export function parseMessageLink(text: string): MessageLink | null {
  const match = MESSAGE_LINK.exec(text.trim());
  if (!match) return null;
  const [, guildID = '', channelID = '', messageID = ''] = match;
  return { guildID, channelID, messageID };
}

/** A message ID as typed or pasted: the id itself, or a message link → its id. */
export function messageIdFromInput(text: string): string {
  return parseMessageLink(text)?.messageID ?? text.trim();
}

/** Why a pasted link cannot name a message of this server, or null (also for text that is no link). */
export function messageLinkProblem(text: string, guildId: string): string | null {
  const link = parseMessageLink(text);
  if (link === null || link.guildID === guildId) return null;
  return link.guildID === '@me'
    ? 'That link is to a direct message: paste the link of a message in this server.'
    : 'That link is to a message in another server: paste the link of a message in this server.';
}

/**
 * The Worker's refusal of a pasted link's channel, said before the save when the page already knows it (a voice
 * channel, say), or null. A channel the page does not know is left to the Worker, which looks again: it may be new.
 */
export function messageLinkChannelProblem(text: string, channels: readonly SettingsChannel[]): string | null {
  const link = parseMessageLink(text);
  const channel = link && channels.find((candidate) => candidate.id === link.channelID);
  if (!link || !channel) return null;
  const problem = messageChannelProblem(link.channelID, channel);
  return problem && `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
}

/** Where a message is in Discord, for the link back from its id. */
export const messageUrl = (guildId: string, channelId: string, messageId: string) => `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

// ── The anti-nuke whitelist ───────────────────────────────────────────────────

/** The anti-nuke whitelist as the page edits it (comma-separated text) → the list the API takes. */
export function parseIdList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export const formatIdList = (ids: readonly string[]) => ids.join(', ');

// ── Welcome message placeholders ──────────────────────────────────────────────

/** What the bot fills in when it posts a welcome message. */
export const WELCOME_PLACEHOLDERS = [
  { token: '{user}', meaning: 'the new member’s name' },
  { token: '{user.mention}', meaning: 'a mention of the new member' },
  { token: '{server}', meaning: 'the server’s name' },
  { token: '{memberCount}', meaning: 'how many members the server has' },
] as const;

export type WelcomePlaceholder = (typeof WELCOME_PLACEHOLDERS)[number]['token'];

/** A message cut where its placeholders are: text, and the placeholders to draw in their place. */
export type MessagePart = { text: string } | { placeholder: WelcomePlaceholder };

const PLACEHOLDER_PATTERN = new RegExp(`(${WELCOME_PLACEHOLDERS.map((p) => p.token.replace(/[{}.]/g, '\\$&')).join('|')})`);
const isPlaceholder = (part: string): part is WelcomePlaceholder => WELCOME_PLACEHOLDERS.some((p) => p.token === part);

export function messageParts(text: string): MessagePart[] {
  return text
    .split(PLACEHOLDER_PATTERN)
    .filter((part) => part !== '')
    .map((part) => (isPlaceholder(part) ? { placeholder: part } : { text: part }));
}
