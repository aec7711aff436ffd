/**
 * The Unicode emoji the picker offers, from emojibase-data (Unicode's emoji list with CLDR's names and keywords),
 * by category. The data is some 80 KB compressed: it is loaded the first time a picker opens, never with a page.
 */
import type { CompactEmoji, VersionDataset } from 'emojibase';
import { firstUse } from '../../../../shared/first-use';

/** Discord's skin tones, lightest first, as their modifiers (U+1F3FB to U+1F3FF). */
export const SKIN_TONES = [
  { modifier: '1F3FB', name: 'Light skin tone' },
  { modifier: '1F3FC', name: 'Medium-light skin tone' },
  { modifier: '1F3FD', name: 'Medium skin tone' },
  { modifier: '1F3FE', name: 'Medium-dark skin tone' },
  { modifier: '1F3FF', name: 'Dark skin tone' },
] as const;

/** The yellow default, or one of SKIN_TONES by its index. */
export type SkinTone = number | null;

export interface CatalogueEmoji {
  /** As it is stored and sent to Discord: Unicode's fully-qualified spelling. */
  text: string;
  /** CLDR's name, "thumbs up". */
  name: string;
  /** Lower-case words searched: the name's and CLDR's keywords. */
  terms: string;
  /** The same emoji in each of SKIN_TONES, when it takes one. */
  tones?: readonly string[];
}

export interface EmojiCategory {
  key: string;
  name: string;
  /** Shown on the category's button. */
  icon: string;
  emoji: CatalogueEmoji[];
}

/**
 * Emojibase's groups as the picker names them, in Discord's order. Group 2 ("component": bare skin tones and hair)
 * holds parts of emoji, not emoji to react with, and is left out, as are the lone regional indicators (no group).
 */
const CATEGORIES = [
  { group: 0, key: 'smileys', name: 'Smileys & emotion', icon: '😀' },
  { group: 1, key: 'people', name: 'People & body', icon: '🧑' },
  { group: 3, key: 'nature', name: 'Animals & nature', icon: '🐻' },
  { group: 4, key: 'food', name: 'Food & drink', icon: '🍔' },
  { group: 6, key: 'activities', name: 'Activities', icon: '⚽' },
  { group: 5, key: 'travel', name: 'Travel & places', icon: '🚗' },
  { group: 7, key: 'objects', name: 'Objects', icon: '💡' },
  { group: 8, key: 'symbols', name: 'Symbols', icon: '❤️' },
  { group: 9, key: 'flags', name: 'Flags', icon: '🏁' },
] as const;

/**
 * The newest emoji version offered: the emoji that Discord draws (its images) and that today's systems draw in
 * the picker (Noto Color Emoji and Apple's and Microsoft's fonts). A newer one can still be typed into the field.
 */
export const NEWEST_EMOJI_VERSION = 15.1;

// A constructor: TypeScript's target knows no `v` flag in a literal.
const rgiEmoji = firstUse(() => new RegExp('^\\p{RGI_Emoji}$', 'v'));
const fromHexcode = (hexcode: string) => String.fromCodePoint(...hexcode.split('-').map((part) => Number.parseInt(part, 16)));

/**
 * Unicode's fully-qualified spelling: emojibase's `unicode` adds U+FE0F to every emoji (👍️), its `hexcode` drops it
 * from every one (❤ for ❤️); Discord names reactions by the recommended sequence, which is one of the two.
 */
function spelling(emoji: Pick<CompactEmoji, 'unicode' | 'hexcode'>): string | null {
  return [emoji.unicode, fromHexcode(emoji.hexcode)].find((text) => rgiEmoji().test(text)) ?? null;
}

const modifiersOf = (hexcode: string) => hexcode.split('-').filter((part) => SKIN_TONES.some((tone) => tone.modifier === part));

/** Each tone's variant (for two people: both in that tone), or none unless every tone has one. */
function toneVariants(emoji: CompactEmoji, offered: (hexcode: string) => boolean): string[] | undefined {
  const variants = SKIN_TONES.map(({ modifier }) => {
    const skin = emoji.skins?.find((candidate) => offered(candidate.hexcode) && modifiersOf(candidate.hexcode).every((part) => part === modifier));
    return skin && spelling(skin);
  });
  return variants.every((variant): variant is string => typeof variant === 'string') ? variants : undefined;
}

/** The categories of the emoji that `versions` dates at NEWEST_EMOJI_VERSION or before, in Unicode's order. */
export function buildCatalogue(entries: readonly CompactEmoji[], versions: VersionDataset): EmojiCategory[] {
  const tooNew = new Set(
    Object.entries(versions)
      .filter(([version]) => Number(version) > NEWEST_EMOJI_VERSION)
      .flatMap(([, hexcodes]) => hexcodes),
  );
  const offered = (hexcode: string) => !tooNew.has(hexcode);
  const sorted = [...entries].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return CATEGORIES.map(({ group, key, name, icon }) => ({
    key,
    name,
    icon,
    emoji: sorted.flatMap((entry): CatalogueEmoji[] => {
      const text = spelling(entry);
      if (entry.group !== group || !offered(entry.hexcode) || text === null) return [];
      const tones = toneVariants(entry, offered);
      const terms = [entry.label, ...(entry.tags ?? [])].join(' ').toLowerCase();
      return [{ text, name: entry.label, terms, ...(tones && { tones }) }];
    }),
  }));
}

let loading: Promise<EmojiCategory[]> | null = null;

/** The catalogue, loaded once (a failed load is tried again on the next call). */
export function loadEmojiCatalogue(): Promise<EmojiCategory[]> {
  loading ??= Promise.all([import('emojibase-data/en/compact.json'), import('emojibase-data/versions/emoji.json')])
    .then(([compact, versions]) => buildCatalogue(compact.default, versions.default))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The emoji as shown in the chosen tone. */
export const inTone = (emoji: CatalogueEmoji, tone: SkinTone) => (tone === null ? emoji.text : (emoji.tones?.[tone] ?? emoji.text));
