/**
 * Characters a person cannot see but that change how a text reads: controls (NUL, escape, line breaks),
 * bidirectional overrides (U+202E shows 'txt.exe' as 'exe.txt') and zero-width characters. Free text that
 * others will see is refused when it holds one. The zero-width joiner is kept where it joins two emoji
 * (👨‍👩‍👧, 🏳️‍🌈): there it is part of the emoji. Variation selectors (U+FE0F) are not on the list.
 */

const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'Arabic letter mark',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
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
  0xfeff: 'zero width no-break space',
};

const ZWJ = 0x200d;
const CONTROL = /^\p{Cc}$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** What may stand between an emoji and its joiner: a variation selector or a skin tone. */
const isEmojiTail = (char: string | undefined) => {
  const code = char?.codePointAt(0) ?? 0;
  return code === 0xfe0e || code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
};

export interface InvisibleCharacter {
  /** 'U+202E' */
  codePoint: string;
  name: string;
}

/** A joiner between two emoji: after a pictograph (and its selector or skin tone), before a pictograph. */
function joinsEmoji(chars: readonly string[], index: number): boolean {
  let before = index - 1;
  while (before >= 0 && isEmojiTail(chars[before])) before--;
  return PICTOGRAPH.test(chars[before] ?? '') && PICTOGRAPH.test(chars[index + 1] ?? '');
}

/** The first invisible character of `text`, or null when it has none. */
export function invisibleCharacter(text: string): InvisibleCharacter | null {
  // Code points, not graphemes: the joiner is looked at on its own.
  const chars = Array.from(text);
  for (const [index, char] of chars.entries()) {
    const code = char.codePointAt(0) ?? 0;
    const name = NAMES[code] ?? (CONTROL.test(char) ? 'a control character' : null);
    if (name === null || (code === ZWJ && joinsEmoji(chars, index))) continue;
    return { codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, name };
  }
  return null;
}

/** The schema's sentence (after the field's name) for a text with an invisible character, or null. */
export function invisibleCharacterProblem(text: string): string | null {
  const found = invisibleCharacter(text);
  return found && `must not contain invisible or control characters (${found.codePoint}, ${found.name})`;
}
