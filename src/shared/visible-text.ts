/**
 * The one rule for text people see: settings, the names the bot reports (guilds, the members who act through it),
 * song names and library keys. A character that shows nothing, or that changes how the rest reads, is refused by
 * its Unicode properties, so a character added to Unicode later is judged like its kind without a list to update:
 *
 * - `Default_Ignorable_Code_Point`: what a renderer may draw as nothing (zero-width spaces and joiners, the soft
 *   hyphen, the Hangul fillers, variation selectors, tag characters, and code points kept for more of them);
 * - `Cf` (format characters: the bidirectional controls, the byte order mark), `Cc` (controls), `Zl` and `Zp`
 *   (the line and paragraph separators), and `Cs` (a lone surrogate, which is no character at all).
 *
 * Emoji are spelled with some of these, so inside an emoji they are kept: a zero-width joiner between two
 * pictographs (👨‍👩‍👧, 🏳️‍🌈), a variation selector or a skin tone after a pictograph (❤️), and what Unicode's own list of
 * emoji holds (`RGI_Emoji`: the keycaps 1️⃣, and the flags of England, Scotland and Wales, which are 🏴 and tag
 * characters). Tag characters anywhere else are refused, after any other 🏴 too: they can carry a hidden ASCII text.
 * A joiner between letters is refused, a Persian non-joiner too: whether it changes how two letters join depends on
 * their joining types, which JavaScript cannot read, and where it does not (after ا, say) it is a second spelling
 * that looks the same.
 */

import { firstUse } from './first-use';

/** Every character the rule refuses outside an emoji. */
export const HIDDEN_CHARACTER_CLASS = String.raw`[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Cs}]`;
const hiddenPattern = firstUse(() => new RegExp(HIDDEN_CHARACTER_CLASS, 'v'));

/** An emoji in which a joiner, a selector or a tag is part of the spelling. */
const EMOJI_ELEMENT = String.raw`\p{RGI_Emoji}|\p{Extended_Pictographic}[\p{Emoji_Modifier}\u{FE0E}\u{FE0F}]?`;
const EMOJI_SEQUENCE = String.raw`(?:${EMOJI_ELEMENT})(?:\u{200D}(?:${EMOJI_ELEMENT}))*`;
/** The text cut into emoji sequences (group 1) and single code points (a lone surrogate is one too). */
const piecesPattern = firstUse(() => new RegExp(String.raw`(${EMOJI_SEQUENCE})|[^]`, 'gv'));

/**
 * What shows: not a space, a mark on its own, a hidden character or one of the others Unicode does not draw. U+2800
 * (the blank Braille pattern) is a symbol by category but draws as a blank, and is what people type for a blank name.
 */
const visible = firstUse(() => /[^\p{White_Space}\p{Z}\p{C}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u);

/**
 * The spaces a text may be trimmed of: ASCII's (tab to carriage return: \t \n \v \f \r) and the Zs spaces. The others
 * at an end are refused, not cut unseen. A range rather than `\v`, which Stryker's regex mutator turns into `\V`, a
 * syntax error under the u flag that fails every test importing this file.
 */
const endSpaces = firstUse(() => /^[\t-\r\p{Zs}]+|[\t-\r\p{Zs}]+$/gu);

export interface HiddenCharacter {
  /** 'U+202E' */
  codePoint: string;
  name: string;
}

/** Names people may know, for the message only: the rule itself is the properties above. */
const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'soft hyphen',
  0x034f: 'combining grapheme joiner',
  0x061c: 'Arabic letter mark',
  0x115f: 'Hangul choseong filler',
  0x1160: 'Hangul jungseong filler',
  0x180e: 'Mongolian vowel separator',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0x3164: 'Hangul filler',
  0xfeff: 'zero width no-break space',
  0xffa0: 'halfwidth Hangul filler',
};

/** The kind of a hidden character without a name above, most telling first. */
// Like every pattern of Unicode properties here, made on first use (./first-use.ts): a module's load made them all.
const kinds = firstUse((): readonly (readonly [RegExp, string])[] => [
  [/\p{Cc}/u, 'a control character'],
  [/\p{Cs}/u, 'a lone surrogate'],
  // Stryker disable next-line StringLiteral: every Bidi_Control character of today's Unicode has a name above; this is for one added later
  [/\p{Bidi_Control}/u, 'a bidirectional control'],
  [/\p{Variation_Selector}/u, 'a variation selector'],
  [/[\u{E0000}-\u{E007F}]/u, 'a tag character'],
  [/\p{Cf}/u, 'a format character'],
]);

const codePointOf = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
const nameOf = (char: string) => NAMES[char.codePointAt(0) ?? 0] ?? kinds().find(([kind]) => kind.test(char))?.[1] ?? 'a character that shows nothing';

/** The first character of `text` the rule refuses, or null when it has none. */
export function hiddenCharacter(text: string): HiddenCharacter | null {
  const hidden = hiddenPattern();
  // Most text holds none at all: one test, and only then the walk through its emoji.
  // Stryker disable next-line ConditionalExpression: a shortcut; the walk below finds nothing in such a text either
  if (!hidden.test(text)) return null;
  for (const [piece, emoji] of text.matchAll(piecesPattern())) {
    if (emoji === undefined && hidden.test(piece)) return { codePoint: codePointOf(piece), name: nameOf(piece) };
  }
  return null;
}

/** The schema's sentence (after the field's name) for a text with a hidden character, or null. */
export function hiddenCharacterProblem(text: string): string | null {
  const found = hiddenCharacter(text);
  return found && `must not contain invisible or control characters (${found.codePoint}, ${found.name})`;
}

/** The schema's sentence for a name or a message that shows nothing. */
export const NO_VISIBLE_CHARACTER = 'must contain at least one visible character';

/** Whether some character of `text` shows: a letter, a digit, a punctuation mark, a symbol or an emoji. */
export const hasVisibleCharacter = (text: string): boolean => visible().test(text);

/** Whether a name shows as itself: nothing hidden in it, and something visible. */
export const isVisibleText = (text: string): boolean => hiddenCharacter(text) === null && hasVisibleCharacter(text);

/** `text` without the spaces at its ends (never a hidden character, which is refused rather than cut). */
export const trimSpaces = (text: string): string => text.replace(endSpaces(), '');
