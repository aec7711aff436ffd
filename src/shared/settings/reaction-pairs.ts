/** Reaction Role's emoji → role pairs: the first pair is the spec's roleID/emojiName, the others `extraPairs`. */

/** Discord's limit of different reactions on one message, so of pairs one message can carry. */
export const MAX_REACTION_PAIRS = 20;

export interface ReactionPair {
  emojiName: string;
  roleID: string;
}

/** An emoji as Discord matches a reaction: keyboards add or leave out the emoji-style selector (U+FE0F). */
export const emojiKey = (emoji: string) => emoji.replace(/\uFE0F/g, '');

/** The first emoji that two pairs share, or null. */
export function repeatedEmoji(emojis: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const emoji of emojis) {
    const key = emojiKey(emoji);
    if (seen.has(key)) return emoji;
    seen.add(key);
  }
  return null;
}

const isPair = (value: unknown): value is ReactionPair =>
  typeof value === 'object' && value !== null && typeof (value as ReactionPair).emojiName === 'string' && typeof (value as ReactionPair).roleID === 'string';

/** A reaction can give one role only: the same emoji in the first pair and in another is refused. */
export function reactionPairsProblem(values: Readonly<Record<string, unknown>>): string | null {
  const extra = Array.isArray(values.extraPairs) ? values.extraPairs.filter(isPair).map((pair) => pair.emojiName) : [];
  const emojis = typeof values.emojiName === 'string' ? [values.emojiName, ...extra] : extra;
  const repeated = repeatedEmoji(emojis);
  return repeated === null ? null : `the emoji ${repeated} is in two pairs: each emoji can give one role.`;
}
