/** What the picker's search finds: the server's emoji by name, then Unicode's by name and keyword, best first. */
import type { SettingsEmoji } from '../../../../shared/settings/index';
import type { CatalogueEmoji, EmojiCategory } from './emoji-catalogue';

/** The words searched for: `:thumbs_up:` and "Thumbs up" look for the same. */
export const searchWords = (query: string) =>
  query
    .toLowerCase()
    .split(/[\s_:]+/)
    .filter((word) => word !== '');

/** Every word begins a word of the text ("thu" finds "thumbs up", "ear" does not find "heart"). */
const beginsWordsOf = (text: string, words: readonly string[]) => words.every((word) => ` ${text}`.includes(` ${word}`));

/** Server emoji whose name holds the words in any place ("wave" finds kenji_wave), as Discord finds them. */
export function findServerEmoji(emojis: readonly SettingsEmoji[], query: string): SettingsEmoji[] {
  const words = searchWords(query);
  return emojis.filter((emoji) => words.length > 0 && words.every((word) => emoji.name.toLowerCase().includes(word)));
}

/** 0: named just so; 1: its name begins so; 2: a keyword is just so; 3: its words begin with the words. */
function rank(emoji: CatalogueEmoji, phrase: string): number {
  const name = emoji.name.toLowerCase();
  if (name === phrase) return 0;
  if (name.startsWith(phrase)) return 1;
  return emoji.terms.split(' ').includes(phrase) ? 2 : 3;
}

/** Unicode emoji whose name or keywords begin with every word, best matches first, else in Unicode's order. */
export function findUnicodeEmoji(categories: readonly EmojiCategory[], query: string): CatalogueEmoji[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const found = categories.flatMap((category) => category.emoji.filter((emoji) => beginsWordsOf(emoji.terms, words)));
  return found
    .map((emoji, order) => ({ emoji, order, rank: rank(emoji, phrase) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ emoji }) => emoji);
}
