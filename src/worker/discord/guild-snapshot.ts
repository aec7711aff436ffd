/**
 * What is kept of a guild's roles, channels, emoji and the bot's member: the lists the settings page shows, sorted,
 * and the bot's highest role. A server can have 250 roles and 500 channels, whose Discord objects (overwrites,
 * topics, tags, colours) every settings page would otherwise read from KV, parse and sort again.
 */
import type { APIEmoji, APIGuildMember, APIRole, RESTGetAPIGuildChannelsResult } from 'discord-api-types/v10';
import type { GuildLists, SettingsChannel, SettingsEmoji, SettingsRole } from '../../shared/settings/index';
import { highestRolePosition } from './permissions';

export type GuildSnapshot = Omit<GuildLists, 'id'>;

export interface DiscordGuildData {
  roles: readonly APIRole[];
  channels: RESTGetAPIGuildChannelsResult;
  /** The bot's own member (its roles decide which roles it can manage). */
  botMember: APIGuildMember;
  emojis: readonly APIEmoji[];
}

const toRole = (role: APIRole): SettingsRole => ({
  id: role.id,
  name: role.name,
  color: role.colors.primary_color,
  position: role.position,
  managed: role.managed,
});

/** Custom emoji only (Discord's list has no unicode ones), by name as the page lists them. */
function toEmojis(emojis: readonly APIEmoji[]): SettingsEmoji[] {
  return emojis
    .flatMap((emoji) =>
      emoji.id === null || !emoji.name ? [] : [{ id: emoji.id, name: emoji.name, animated: emoji.animated === true, available: emoji.available !== false }],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

function toChannels(channels: RESTGetAPIGuildChannelsResult): SettingsChannel[] {
  return channels
    .map((channel) => ({
      id: channel.id,
      name: channel.name,
      type: channel.type,
      parent_id: 'parent_id' in channel ? (channel.parent_id ?? null) : null,
      position: 'position' in channel && typeof channel.position === 'number' ? channel.position : 0,
    }))
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

export function toGuildSnapshot({ roles, channels, botMember, emojis }: DiscordGuildData): GuildSnapshot {
  return {
    roles: [...roles].sort((a, b) => b.position - a.position).map(toRole),
    channels: toChannels(channels),
    emojis: toEmojis(emojis),
    botHighestRolePosition: highestRolePosition(botMember.roles, roles),
  };
}
