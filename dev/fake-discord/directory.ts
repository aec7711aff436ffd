/**
 * Looking guilds and users up across the demo data and the generated guilds, and paging through the guilds
 * someone is in, in id order. Every call costs O(log N + page size), whatever the number of generated guilds.
 */
import type { APIUser } from 'discord-api-types/v10';
import type { DemoGuild } from './demo-types.ts';
import { DEMO_USER_IDS } from './data.ts';
import { generatedGuild, generatedGuildId, generatedIndex, generatedSummary, generatedUser, GENERATED_GUILD_BASE } from './generated.ts';
import type { GuildSummary } from './generated.ts';
import { isGuildMember } from './permissions.ts';
import type { FakeDiscordState } from './state.ts';

export function findGuild(state: FakeDiscordState, id: string): DemoGuild | null {
  const demo = state.data.guilds.find((guild) => guild.id === id);
  if (demo !== undefined) return demo;
  const index = generatedIndex(state.generated, id);
  return index === null ? null : generatedGuild(state.generated, index);
}

/** What a guild list needs of a guild, without building the generated ones. */
export function findGuildSummary(state: FakeDiscordState, id: string): GuildSummary | null {
  const index = generatedIndex(state.generated, id);
  if (index !== null && !state.generated.changed.has(index)) return generatedSummary(state.generated, index);
  const guild = findGuild(state, id);
  return guild === null ? null : { id: guild.id, name: guild.name, icon: guild.icon, memberCount: guild.approximate_member_count };
}

/** Keeps a test control's change to a guild: generated guilds are otherwise rebuilt on every look-up. */
export function keepGuildChange(state: FakeDiscordState, guild: DemoGuild): void {
  const index = generatedIndex(state.generated, guild.id);
  if (index !== null) state.generated.changed.set(index, guild);
}

export function findUser(state: FakeDiscordState, id: string): APIUser | null {
  return state.data.users.find((candidate) => candidate.id === id) ?? generatedUser(state.generated, id);
}

/** Who a guild list is for: the bot sees every guild it is in, a user the guilds they are a member of. */
export type Viewer = { kind: 'bot' } | { kind: 'user'; userId: string };

/**
 * The ids a viewer sees, in ascending order, as two runs: the demo guilds (all below the generated range),
 * then a sorted run of generated indices given by its length and its k-th element.
 */
interface GuildSequence {
  demo: DemoGuild[];
  generatedLength: number;
  generatedAt: (position: number) => number;
  /** How many generated elements have an index ≤ `index`. */
  generatedRankAtMost: (index: number) => number;
}

function upperBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? Infinity) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function byId(a: DemoGuild, b: DemoGuild): number {
  return BigInt(a.id) < BigInt(b.id) ? -1 : 1;
}

function sequenceFor(state: FakeDiscordState, viewer: Viewer): GuildSequence {
  const generated = state.generated;
  if (viewer.kind === 'bot') {
    return {
      demo: state.data.guilds.filter((guild) => guild.bot_present).sort(byId),
      generatedLength: generated.count,
      generatedAt: (position) => position,
      generatedRankAtMost: (index) => Math.min(generated.count, Math.max(0, index + 1)),
    };
  }
  const indices = viewer.userId === DEMO_USER_IDS.owner ? generated.ownerIndices : [];
  return {
    demo: state.data.guilds.filter((guild) => isGuildMember(guild, viewer.userId)).sort(byId),
    generatedLength: indices.length,
    generatedAt: (position) => indices[position] ?? 0,
    generatedRankAtMost: (index) => upperBound(indices, index),
  };
}

/** How many of the sequence's ids are ≤ `id`. */
function rankAtMost(sequence: GuildSequence, id: bigint): number {
  const demo = sequence.demo.filter((guild) => BigInt(guild.id) <= id).length;
  if (id < GENERATED_GUILD_BASE) return demo;
  const offset = id - GENERATED_GUILD_BASE;
  const index = offset > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(offset);
  return demo + sequence.generatedRankAtMost(index);
}

function idAt(sequence: GuildSequence, position: number): string {
  const demo = sequence.demo[position];
  return demo !== undefined ? demo.id : generatedGuildId(sequence.generatedAt(position - sequence.demo.length));
}

export interface PageRequest {
  /** Snowflakes as strings; validated by the caller. */
  after?: string;
  before?: string;
  limit: number;
}

export interface IdPage {
  ids: string[];
  /** Whether ids follow the page (for `after` paging). */
  more: boolean;
}

/** Discord's paging: ids after `after` from the start, or the last `limit` before `before`. */
export function guildIdPage(state: FakeDiscordState, viewer: Viewer, request: PageRequest): IdPage {
  const sequence = sequenceFor(state, viewer);
  const total = sequence.demo.length + sequence.generatedLength;
  const start = request.after === undefined ? 0 : rankAtMost(sequence, BigInt(request.after));
  const end = request.before === undefined ? total : rankAtMost(sequence, BigInt(request.before) - 1n);
  const from = request.after === undefined && request.before !== undefined ? Math.max(0, end - request.limit) : start;
  const to = Math.max(from, Math.min(end, from + request.limit));
  const ids: string[] = [];
  for (let position = from; position < to; position += 1) ids.push(idAt(sequence, position));
  return { ids, more: to < end };
}

/** How many guilds the bot is in. */
export function botGuildCount(state: FakeDiscordState): number {
  return state.data.guilds.filter((guild) => guild.bot_present).length + state.generated.count;
}
