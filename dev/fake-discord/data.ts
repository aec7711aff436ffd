/**
 * Demo data of the fake Discord: the users, guilds, roles, channels and members that `npm start` and the
 * tests see. The shapes are Discord's own (discord-api-types); what Discord computes per caller (the
 * `permissions` of a partial guild, the guild object) is derived from this in the REST routes.
 */
import type { APIEmoji, APIRole, APIUser, RoleFlags, UserFlags } from 'discord-api-types/v10';
import { DEMO_ADMIN_ID, DEMO_CLIENT_ID, DEMO_SECRETS } from '../../src/worker/demo-values.ts';
import { PERMISSION } from './permissions.ts';
import type { DemoChannel, DemoData, DemoGuild, DemoMember } from './demo-types.ts';

export { DEMO_CLIENT_ID };
export const DEMO_CLIENT_SECRET = DEMO_SECRETS.DISCORD_CLIENT_SECRET;
export const DEMO_BOT_TOKEN = DEMO_SECRETS.DISCORD_BOT_TOKEN;
export const DEMO_BOT_USER_ID = DEMO_CLIENT_ID;

export const DEMO_USER_IDS = {
  admin: DEMO_ADMIN_ID,
  owner: '100000000000000002',
  member: '100000000000000003',
} as const;

export const DEMO_GUILD_IDS = {
  kenjiLounge: '300000000000000001',
  glaiveStudio: '300000000000000002',
  lofiCafe: '300000000000000003',
  ownerSandbox: '300000000000000004',
  adminHq: '300000000000000005',
} as const;

const P = PERMISSION;

/** Discord sends 0 for "no flags", which these flag enums have no member for. */
const NO_ROLE_FLAGS = 0 as RoleFlags;
const NO_USER_FLAGS = 0 as UserFlags;

const EVERYONE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.ReadMessageHistory |
  P.AddReactions |
  P.EmbedLinks |
  P.AttachFiles |
  P.UseExternalEmojis |
  P.CreateInstantInvite |
  P.ChangeNickname |
  P.Connect |
  P.Speak |
  P.UseVAD |
  P.UseApplicationCommands;

export const BOT_ROLE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.ReadMessageHistory |
  P.EmbedLinks |
  P.AttachFiles |
  P.AddReactions |
  P.Connect |
  P.Speak |
  P.ManageMessages |
  P.ManageRoles |
  P.ManageChannels |
  P.KickMembers |
  P.ModerateMembers;

export const MODERATOR_PERMISSIONS = P.ManageMessages | P.KickMembers | P.ModerateMembers | P.MuteMembers | P.MoveMembers;

function snowflake(base: bigint, guildNumber: number, index: number): string {
  return String(base + BigInt(guildNumber) * 1000n + BigInt(index));
}

const ROLE_BASE = 400000000000000000n;
const CHANNEL_BASE = 500000000000000000n;
const EMOJI_BASE = 700000000000000000n;

export interface EmojiSpec {
  name: string;
  animated?: boolean;
  /** False for an emoji the guild lost with its boost level. */
  available?: boolean;
}

/** Custom emoji as Discord lists them to a bot without Manage Expressions (no `user`). */
export function buildEmojis(guildNumber: number, specs: EmojiSpec[]): APIEmoji[] {
  return specs.map((spec, index) => ({
    id: snowflake(EMOJI_BASE, guildNumber, index + 1),
    name: spec.name,
    roles: [],
    require_colons: true,
    managed: false,
    animated: spec.animated ?? false,
    available: spec.available ?? true,
  }));
}

export interface RoleSpec {
  name: string;
  color: number;
  permissions: bigint;
  hoist?: boolean;
  /** The bot's own integration role. */
  bot?: boolean;
}

/** Builds @everyone plus the given roles, lowest first, with positions forming the hierarchy. */
export function buildRoles(guildId: string, guildNumber: number, specs: RoleSpec[]): APIRole[] {
  const everyone: APIRole = {
    id: guildId,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: String(EVERYONE_PERMISSIONS),
    managed: false,
    mentionable: false,
    flags: NO_ROLE_FLAGS,
  };
  const others = specs.map((spec, index): APIRole => {
    const role: APIRole = {
      id: snowflake(ROLE_BASE, guildNumber, index + 1),
      name: spec.name,
      color: spec.color,
      colors: { primary_color: spec.color, secondary_color: null, tertiary_color: null },
      hoist: spec.hoist ?? false,
      icon: null,
      unicode_emoji: null,
      position: index + 1,
      permissions: String(spec.permissions),
      managed: spec.bot === true,
      mentionable: spec.bot !== true,
      flags: NO_ROLE_FLAGS,
    };
    if (spec.bot === true) role.tags = { bot_id: DEMO_BOT_USER_ID };
    return role;
  });
  return [everyone, ...others];
}

export function roleId(roles: APIRole[], name: string): string {
  const role = roles.find((candidate) => candidate.name === name);
  if (role === undefined) throw new Error(`demo data: no role named ${name}`);
  return role.id;
}

export interface ChannelSpec {
  kind: 'category' | 'text' | 'announcement' | 'voice';
  name: string;
  /** Name of the category this channel sits in; none for top-level channels. */
  category?: string;
  topic?: string;
}

export function buildChannels(guildId: string, guildNumber: number, specs: ChannelSpec[]): DemoChannel[] {
  const ids = new Map<string, string>();
  specs.forEach((spec, index) => ids.set(spec.name, snowflake(CHANNEL_BASE, guildNumber, index + 1)));
  const positions = new Map<string, number>();
  return specs.map((spec): DemoChannel => {
    const id = ids.get(spec.name) ?? '';
    const parentId = spec.category === undefined ? null : (ids.get(spec.category) ?? null);
    const positionKey = `${spec.kind === 'voice' ? 'voice' : 'text'}:${parentId ?? ''}`;
    const position = positions.get(positionKey) ?? 0;
    positions.set(positionKey, position + 1);
    const common = { id, guild_id: guildId, name: spec.name, position, permission_overwrites: [], flags: 0 };
    switch (spec.kind) {
      case 'category':
        return { ...common, type: 4, parent_id: null };
      case 'voice':
        return {
          ...common,
          type: 2,
          parent_id: parentId,
          nsfw: false,
          bitrate: 64000,
          user_limit: 0,
          rtc_region: null,
          rate_limit_per_user: 0,
          last_message_id: null,
        };
      case 'announcement':
        return {
          ...common,
          type: 5,
          parent_id: parentId,
          nsfw: false,
          topic: spec.topic ?? null,
          last_message_id: null,
          last_pin_timestamp: null,
        };
      case 'text':
        return {
          ...common,
          type: 0,
          parent_id: parentId,
          nsfw: false,
          topic: spec.topic ?? null,
          rate_limit_per_user: 0,
          last_message_id: null,
          last_pin_timestamp: null,
        };
    }
  });
}

export function member(userId: string, roles: string[], joinedAt: string, nick: string | null = null): DemoMember {
  return { user_id: userId, roles, nick, joined_at: joinedAt };
}

export function user(id: string, username: string, globalName: string | null, bot = false): APIUser {
  const result: APIUser = {
    id,
    username,
    discriminator: bot ? '0001' : '0',
    global_name: globalName,
    avatar: null,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    public_flags: NO_USER_FLAGS,
    flags: NO_USER_FLAGS,
    primary_guild: null,
  };
  if (bot) result.bot = true;
  return result;
}

function kenjiLounge(): DemoGuild {
  const id = DEMO_GUILD_IDS.kenjiLounge;
  const roles = buildRoles(id, 1, [
    { name: 'Listeners', color: 0x95a5a6, permissions: 0n },
    { name: 'DJ', color: 0x1abc9c, permissions: P.PrioritySpeaker | P.MoveMembers, hoist: true },
    { name: 'ServerManager', color: 0x5865f2, permissions: BOT_ROLE_PERMISSIONS, bot: true },
    { name: 'Moderators', color: 0xe67e22, permissions: MODERATOR_PERMISSIONS, hoist: true },
    { name: 'Lounge Staff', color: 0xe74c3c, permissions: P.Administrator, hoist: true },
  ]);
  return {
    id,
    name: 'Kenji Lounge',
    icon: null,
    description: 'Late-night beats and good company.',
    owner_id: DEMO_USER_IDS.owner,
    features: [],
    approximate_member_count: 1284,
    approximate_presence_count: 231,
    bot_present: true,
    roles,
    channels: buildChannels(id, 1, [
      { kind: 'text', name: 'welcome', topic: 'Read me first' },
      { kind: 'category', name: 'Lounge' },
      { kind: 'announcement', name: 'announcements', category: 'Lounge', topic: 'News from the staff' },
      { kind: 'text', name: 'general', category: 'Lounge', topic: 'Talk about anything' },
      { kind: 'text', name: 'song-requests', category: 'Lounge', topic: 'Queue songs with ,play' },
      { kind: 'category', name: 'Voice' },
      { kind: 'voice', name: 'Listening Room', category: 'Voice' },
      { kind: 'voice', name: 'Chill Corner', category: 'Voice' },
      { kind: 'category', name: 'Staff' },
      { kind: 'text', name: 'mod-log', category: 'Staff' },
    ]),
    emojis: buildEmojis(1, [
      { name: 'kenji_wave' },
      { name: 'vinyl' },
      { name: 'lofi_cat', animated: true },
      { name: 'night_owl' },
      { name: 'old_badge', available: false },
    ]),
    members: [
      member(DEMO_USER_IDS.owner, [roleId(roles, 'Lounge Staff')], '2021-03-14T18:02:11.000Z'),
      member(DEMO_USER_IDS.member, [roleId(roles, 'Listeners'), roleId(roles, 'DJ')], '2022-07-01T09:30:00.000Z', 'Memb'),
      member(DEMO_BOT_USER_ID, [roleId(roles, 'ServerManager')], '2021-03-14T18:10:45.000Z'),
    ],
  };
}

function glaiveStudio(): DemoGuild {
  const id = DEMO_GUILD_IDS.glaiveStudio;
  const roles = buildRoles(id, 2, [
    { name: 'Fans', color: 0x3498db, permissions: 0n },
    { name: 'Artists', color: 0x9b59b6, permissions: P.AttachFiles | P.Stream, hoist: true },
    { name: 'ServerManager', color: 0x5865f2, permissions: BOT_ROLE_PERMISSIONS, bot: true },
    { name: 'Producers', color: 0xf1c40f, permissions: P.ManageGuild | P.ManageMessages, hoist: true },
    { name: 'Studio Heads', color: 0xe91e63, permissions: P.Administrator, hoist: true },
  ]);
  return {
    id,
    name: 'Glaive Studio',
    icon: null,
    description: 'Where the Glaive library is made.',
    owner_id: DEMO_USER_IDS.admin,
    features: [],
    approximate_member_count: 342,
    approximate_presence_count: 57,
    bot_present: true,
    roles,
    channels: buildChannels(id, 2, [
      { kind: 'category', name: 'Studio' },
      { kind: 'announcement', name: 'releases', category: 'Studio', topic: 'New tracks' },
      { kind: 'text', name: 'feedback', category: 'Studio' },
      { kind: 'text', name: 'bot-commands', category: 'Studio' },
      { kind: 'category', name: 'Booths' },
      { kind: 'voice', name: 'Booth A', category: 'Booths' },
      { kind: 'voice', name: 'Booth B', category: 'Booths' },
      { kind: 'text', name: 'lobby' },
    ]),
    emojis: buildEmojis(2, [{ name: 'glaive' }, { name: 'mic_drop', animated: true }]),
    members: [
      member(DEMO_USER_IDS.admin, [roleId(roles, 'Studio Heads')], '2020-11-02T12:00:00.000Z'),
      member(DEMO_USER_IDS.owner, [roleId(roles, 'Producers'), roleId(roles, 'Artists')], '2021-01-20T16:45:00.000Z'),
      member(DEMO_BOT_USER_ID, [roleId(roles, 'ServerManager')], '2020-11-02T12:05:00.000Z'),
    ],
  };
}

function lofiCafe(): DemoGuild {
  const id = DEMO_GUILD_IDS.lofiCafe;
  const roles = buildRoles(id, 3, [
    { name: 'Listeners', color: 0x2ecc71, permissions: 0n },
    { name: 'Regulars', color: 0x11806a, permissions: P.Stream, hoist: true },
    { name: 'ServerManager', color: 0x5865f2, permissions: BOT_ROLE_PERMISSIONS, bot: true },
    { name: 'Baristas', color: 0xa84300, permissions: MODERATOR_PERMISSIONS, hoist: true },
    { name: 'Café Owners', color: 0x992d22, permissions: P.Administrator, hoist: true },
  ]);
  return {
    id,
    name: 'Lofi Café',
    icon: null,
    description: 'Beats to study and relax to.',
    owner_id: DEMO_USER_IDS.admin,
    features: [],
    approximate_member_count: 5120,
    approximate_presence_count: 804,
    bot_present: true,
    roles,
    channels: buildChannels(id, 3, [
      { kind: 'category', name: 'Café' },
      { kind: 'announcement', name: 'menu', category: 'Café', topic: 'What is playing today' },
      { kind: 'text', name: 'counter', category: 'Café' },
      { kind: 'text', name: 'study-buddies', category: 'Café' },
      { kind: 'category', name: 'Rooms' },
      { kind: 'voice', name: 'Study Hall', category: 'Rooms' },
      { kind: 'voice', name: 'Rainy Window', category: 'Rooms' },
      { kind: 'text', name: 'rules' },
    ]),
    emojis: [],
    members: [
      member(DEMO_USER_IDS.admin, [roleId(roles, 'Café Owners')], '2019-09-09T09:09:09.000Z'),
      member(DEMO_USER_IDS.owner, [roleId(roles, 'Regulars'), roleId(roles, 'Listeners')], '2022-02-02T20:20:00.000Z'),
      member(DEMO_USER_IDS.member, [roleId(roles, 'Listeners')], '2023-05-17T14:00:00.000Z'),
      member(DEMO_BOT_USER_ID, [roleId(roles, 'ServerManager')], '2019-09-09T10:00:00.000Z'),
    ],
  };
}

function ownerSandbox(): DemoGuild {
  const id = DEMO_GUILD_IDS.ownerSandbox;
  const roles = buildRoles(id, 4, [{ name: 'Testers', color: 0x607d8b, permissions: 0n }]);
  return {
    id,
    name: 'Owner Sandbox',
    icon: null,
    description: null,
    owner_id: DEMO_USER_IDS.owner,
    features: [],
    approximate_member_count: 3,
    approximate_presence_count: 1,
    bot_present: false,
    roles,
    channels: buildChannels(id, 4, [
      { kind: 'category', name: 'Sandbox' },
      { kind: 'text', name: 'general', category: 'Sandbox' },
      { kind: 'voice', name: 'General', category: 'Sandbox' },
    ]),
    emojis: [],
    members: [member(DEMO_USER_IDS.owner, [], '2024-01-05T08:00:00.000Z')],
  };
}

function adminHq(): DemoGuild {
  const id = DEMO_GUILD_IDS.adminHq;
  const roles = buildRoles(id, 5, [
    { name: 'Support', color: 0x1f8b4c, permissions: P.ManageMessages },
    { name: 'ServerManager', color: 0x5865f2, permissions: BOT_ROLE_PERMISSIONS, bot: true },
    { name: 'Operators', color: 0xc27c0e, permissions: P.ManageGuild | P.ManageRoles, hoist: true },
  ]);
  return {
    id,
    name: 'Admin HQ',
    icon: null,
    description: 'ServerManager operations.',
    owner_id: DEMO_USER_IDS.admin,
    features: [],
    approximate_member_count: 12,
    approximate_presence_count: 4,
    bot_present: true,
    roles,
    channels: buildChannels(id, 5, [
      { kind: 'category', name: 'Operations' },
      { kind: 'text', name: 'alerts', category: 'Operations' },
      { kind: 'announcement', name: 'changelog', category: 'Operations' },
      { kind: 'category', name: 'Support' },
      { kind: 'text', name: 'tickets', category: 'Support' },
      { kind: 'voice', name: 'War Room', category: 'Support' },
      { kind: 'text', name: 'watercooler' },
    ]),
    emojis: [],
    members: [
      member(DEMO_USER_IDS.admin, [roleId(roles, 'Operators')], '2019-06-01T00:00:00.000Z'),
      member(DEMO_BOT_USER_ID, [roleId(roles, 'ServerManager')], '2019-06-01T00:01:00.000Z'),
    ],
  };
}

/** A fresh, independent copy of the demo data set on every call. */
export function createDemoData(): DemoData {
  return {
    application: {
      id: DEMO_CLIENT_ID,
      name: 'ServerManager',
      client_secret: DEMO_CLIENT_SECRET,
      bot_token: DEMO_BOT_TOKEN,
    },
    users: [
      user(DEMO_USER_IDS.admin, 'demo_admin', 'Demo Admin'),
      user(DEMO_USER_IDS.owner, 'demo_owner', 'Demo Owner'),
      user(DEMO_USER_IDS.member, 'demo_member', 'Demo Member'),
      user(DEMO_BOT_USER_ID, 'ServerManager', null, true),
    ],
    guilds: [kenjiLounge(), glaiveStudio(), lofiCafe(), ownerSandbox(), adminHq()],
  };
}
