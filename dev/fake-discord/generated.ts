/**
 * The bot's generated guilds (`FAKE_DISCORD_BOT_GUILDS`): guild `index` is computed from its index alone, so
 * 500,000 of them cost a few numbers of memory and any one is found from its id in O(1). Demo Owner is a
 * member of as many of them as Discord's limit of 200 guilds a user leaves beside the demo guilds (196),
 * spread over the range, and manages 20 (owner of 10, Manage Server in 10).
 */
import type { APIUser } from 'discord-api-types/v10';
import {
  buildChannels,
  buildEmojis,
  buildRoles,
  DEMO_BOT_USER_ID,
  DEMO_USER_IDS,
  member,
  MODERATOR_PERMISSIONS,
  BOT_ROLE_PERMISSIONS,
  roleId,
  user,
} from './data.ts';
import type { DemoGuild, DemoMember } from './demo-types.ts';
import { PERMISSION } from './permissions.ts';

/** Above every demo id (3000…), so generated guilds sort after the demo guilds. */
export const GENERATED_GUILD_BASE = 600000000000000000n;
/** Each generated guild's owner (unless Demo Owner owns it) is a generated user with the same index. */
export const GENERATED_USER_BASE = 700000000000000000n;
/** Keeps generated role and channel ids clear of the demo guilds' (numbers 1 to 5). */
const GUILD_NUMBER_OFFSET = 1000;

/** Discord's limit: a user is in at most 200 guilds (a bot in any number). */
export const DISCORD_MAX_USER_GUILDS = 200;
/** Every tenth of Demo Owner's generated guilds is managed, every twentieth owned: 20 and 10 of 196. */
const MANAGED_EVERY = 10;
const OWNED_EVERY = 20;

export interface GuildSummary {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
}

export interface GeneratedGuilds {
  count: number;
  /** Indices of the guilds Demo Owner is in, ascending (fewer than 200, so kept as a list). */
  ownerIndices: number[];
  /** Index → how Demo Owner stands in that guild. */
  ownerStanding: Map<number, OwnerStanding>;
  /** Guilds changed through the test controls (member roles); only these are ever materialised. */
  changed: Map<number, DemoGuild>;
}

type OwnerStanding = 'owner' | 'manager' | 'member';

const ADJECTIVES = [
  'Midnight',
  'Cosy',
  'Neon',
  'Quiet',
  'Golden',
  'Electric',
  'Rainy',
  'Velvet',
  'Lunar',
  'Retro',
  'Crimson',
  'Misty',
  'Sunny',
  'Frozen',
  'Wild',
  'Hidden',
];
const NOUNS = [
  'Arcade',
  'Garden',
  'Harbour',
  'Library',
  'Studio',
  'Tavern',
  'Lounge',
  'Observatory',
  'Workshop',
  'Club',
  'Den',
  'Station',
  'Guild',
  'Forest',
  'Bakery',
  'Radio',
];

/** A 32-bit integer hash (Murmur3's finaliser): spreads neighbouring indices over the whole range. */
function mix(value: number, seed: number): number {
  let hash = (value ^ seed) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Demo Owner's guilds: `members` indices spread evenly, every tenth of them managed, alternately owned. */
function ownerStandings(count: number, members: number): Map<number, OwnerStanding> {
  const standings = new Map<number, OwnerStanding>();
  for (let slot = 0; slot < members; slot += 1) {
    const index = Math.floor((slot * count) / members);
    const managed = slot % MANAGED_EVERY === 0;
    standings.set(index, managed ? (slot % OWNED_EVERY === 0 ? 'owner' : 'manager') : 'member');
  }
  return standings;
}

/**
 * `ownerDemoGuilds`: how many demo guilds Demo Owner is in already. Discord's 200 counts them too, so the generated
 * guilds take only the rest of it: a user listed in more would be one Discord cannot have.
 */
export function createGeneratedGuilds(count: number, ownerDemoGuilds = 0): GeneratedGuilds {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`botGuilds must be a whole number ≥ 0, got ${count}`);
  const ownerStanding = ownerStandings(count, Math.max(0, Math.min(DISCORD_MAX_USER_GUILDS - ownerDemoGuilds, count)));
  return { count, ownerIndices: [...ownerStanding.keys()], ownerStanding, changed: new Map() };
}

export function generatedGuildId(index: number): string {
  return String(GENERATED_GUILD_BASE + BigInt(index));
}

/** The index of a generated guild's id, or null when the id is not one of them. */
export function generatedIndex(generated: GeneratedGuilds, id: string): number | null {
  if (!/^\d{17,20}$/.test(id)) return null;
  const offset = BigInt(id) - GENERATED_GUILD_BASE;
  return offset >= 0n && offset < BigInt(generated.count) ? Number(offset) : null;
}

function guildName(index: number): string {
  const hash = mix(index, 0x9e3779b9);
  return `${ADJECTIVES[hash % ADJECTIVES.length] ?? ''} ${NOUNS[(hash >>> 8) % NOUNS.length] ?? ''} ${index + 1}`;
}

/** Every fourth guild has an icon hash, but none that Demo Owner sees: the CDN is out of reach in the demo. */
function guildIcon(generated: GeneratedGuilds, index: number): string | null {
  if (index % 4 !== 3 || generated.ownerStanding.has(index)) return null;
  return [1, 2, 3, 4].map((seed) => mix(index, seed).toString(16).padStart(8, '0')).join('');
}

/** Mostly small guilds with a long tail, like Discord's. */
function memberCount(index: number): number {
  const hash = mix(index, 0x51ed270b);
  const scale = [50, 500, 5000, 100000][hash % 4] ?? 50;
  return 2 + ((hash >>> 2) % scale);
}

export function generatedSummary(generated: GeneratedGuilds, index: number): GuildSummary {
  return { id: generatedGuildId(index), name: guildName(index), icon: guildIcon(generated, index), memberCount: memberCount(index) };
}

function ownerUserId(generated: GeneratedGuilds, index: number): string {
  return generated.ownerStanding.get(index) === 'owner' ? DEMO_USER_IDS.owner : String(GENERATED_USER_BASE + BigInt(index));
}

/** The generated owner of guild `index`, for `/users/{id}`; null when the id is not one. */
export function generatedUser(generated: GeneratedGuilds, id: string): APIUser | null {
  if (!/^\d{17,20}$/.test(id)) return null;
  const offset = BigInt(id) - GENERATED_USER_BASE;
  if (offset < 0n || offset >= BigInt(generated.count)) return null;
  const index = Number(offset);
  if (generated.ownerStanding.get(index) === 'owner') return null;
  return user(id, `owner_${index + 1}`, `Owner ${index + 1}`);
}

function joinedAt(index: number, offsetDays: number): string {
  const day = 86400000;
  return new Date(Date.UTC(2019, 0, 1) + (mix(index, 0x2545f491) % 1500) * day + offsetDays * day).toISOString();
}

/** Guild `index` as a whole, built on demand (or the changed copy a test control made). */
export function generatedGuild(generated: GeneratedGuilds, index: number): DemoGuild {
  const changed = generated.changed.get(index);
  if (changed !== undefined) return changed;
  const summary = generatedSummary(generated, index);
  const number = GUILD_NUMBER_OFFSET + index;
  const roles = buildRoles(summary.id, number, [
    { name: 'Members', color: 0x95a5a6, permissions: 0n },
    { name: 'ServerManager', color: 0x5865f2, permissions: BOT_ROLE_PERMISSIONS, bot: true },
    { name: 'Moderators', color: 0xe67e22, permissions: MODERATOR_PERMISSIONS, hoist: true },
    { name: 'Managers', color: 0xf1c40f, permissions: PERMISSION.ManageGuild | PERMISSION.ManageRoles, hoist: true },
  ]);
  const ownerId = ownerUserId(generated, index);
  const members: DemoMember[] = [member(ownerId, [], joinedAt(index, 0)), member(DEMO_BOT_USER_ID, [roleId(roles, 'ServerManager')], joinedAt(index, 1))];
  const standing = generated.ownerStanding.get(index);
  if (standing === 'manager') members.push(member(DEMO_USER_IDS.owner, [roleId(roles, 'Managers')], joinedAt(index, 2)));
  if (standing === 'member') members.push(member(DEMO_USER_IDS.owner, [roleId(roles, 'Members')], joinedAt(index, 2)));
  return {
    id: summary.id,
    name: summary.name,
    icon: summary.icon,
    description: null,
    owner_id: ownerId,
    features: [],
    approximate_member_count: summary.memberCount,
    approximate_presence_count: Math.ceil(summary.memberCount / 5),
    bot_present: true,
    roles,
    channels: buildChannels(summary.id, number, [
      { kind: 'text', name: 'welcome' },
      { kind: 'category', name: 'Community' },
      { kind: 'text', name: 'general', category: 'Community' },
      { kind: 'text', name: 'bot-commands', category: 'Community' },
      { kind: 'voice', name: 'Hangout', category: 'Community' },
    ]),
    emojis: buildEmojis(number, [{ name: 'wave' }, { name: 'party', animated: true }]),
    members,
  };
}

/** What `/__demo/state` says of the generated guilds instead of listing them. */
export function generatedGuildsSummary(generated: GeneratedGuilds) {
  const last = generated.count - 1;
  return {
    count: generated.count,
    firstId: generated.count > 0 ? generatedGuildId(0) : null,
    lastId: generated.count > 0 ? generatedGuildId(last) : null,
    ownerMemberOf: generated.ownerIndices.length,
    ownerOwns: [...generated.ownerStanding.values()].filter((standing) => standing === 'owner').length,
    ownerManages: [...generated.ownerStanding.values()].filter((standing) => standing !== 'member').length,
  };
}

/** `FAKE_DISCORD_BOT_GUILDS` as a count: unset or empty is 0; anything but a whole number is refused. */
export function parseBotGuildCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`FAKE_DISCORD_BOT_GUILDS must be a whole number ≥ 0, got ${value}`);
  return count;
}
