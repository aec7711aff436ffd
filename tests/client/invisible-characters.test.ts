import { describe, expect, it } from 'vitest';
import { hiddenCharacter as invisibleCharacter, hiddenCharacterProblem as invisibleCharacterProblem } from '../../src/shared/visible-text';
import { inputProblem, parseSettingUpdate } from '../../src/shared/settings/index';

const hex = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0009', '\u000A', '\u001B', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F'];
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

describe('invisible characters (one rule for every free-text setting)', () => {
  it.each([...CONTROLS, ...BIDI, ...ZERO_WIDTH].map((char) => [hex(char), char]))('finds %s alone, inside and at either end', (code, char) => {
    for (const text of [char, `ab${char}cd`, `${char}ok`, `ok${char}`, `👍${char}`])
      expect(invisibleCharacter(text)?.codePoint, JSON.stringify(text)).toBe(code);
  });

  it('leaves the neighbours of the listed ranges alone', () => {
    // U+00AD, U+2029, U+2065 and U+206A were neighbours of the old list; the rule by property refuses them (visible-text.test.ts).
    for (const char of ['\u0020', '\u00A0', '\u200A', '\u2010', '\u202F', '\u061B', '\u061D', '\uFEFE', '\uFF00']) {
      expect(invisibleCharacter(`a${char}b`), hex(char)).toBeNull();
    }
  });

  it('keeps the zero-width joiner inside an emoji sequence, and variation selectors', () => {
    for (const emoji of ['👨‍👩‍👧', '🏳️‍🌈', '👩🏽‍💻', '❤️', '🧑‍🤝‍🧑', '👁️‍🗨️', 'party_blob', 'ñ', 'مرحبا', '日本']) {
      expect(invisibleCharacter(emoji), emoji).toBeNull();
    }
  });

  it('refuses a zero-width joiner that joins no emoji: at an end, doubled, or between letters', () => {
    for (const text of ['\u200D👍', '👍\u200D', '👨\u200D\u200D👩', 'a\u200Db', '👨\u200Db', 'a\u200D👩']) {
      expect(invisibleCharacter(text)?.codePoint, JSON.stringify(text)).toBe('U+200D');
    }
  });

  it('names the character in the sentence', () => {
    expect(invisibleCharacterProblem('a\u202Eb')).toBe('must not contain invisible or control characters (U+202E, right-to-left override)');
    expect(invisibleCharacterProblem('a\u0000b')).toBe('must not contain invisible or control characters (U+0000, a control character)');
    expect(invisibleCharacterProblem('🎫')).toBeNull();
  });
});

describe('the emoji settings refuse them', () => {
  const update = (value: unknown) => parseSettingUpdate({ serverID: '300000000000000001', section: 'reactionrole', key: 'emojiName', value });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a right-to-left override', '\u202Eabc'],
    ['a zero-width space', 'tic\u200Bket'],
    ['a byte order mark at the start', '\uFEFFticket'],
  ])('refuses %s with a sentence naming the field', (_name, value) => {
    const parsed = update(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^value: must not contain invisible or control characters \(U\+[0-9A-F]{4}, /);
  });

  it('accepts emoji sequences joined by U+200D', () => {
    expect(update('👨‍👩‍👧')).toMatchObject({ ok: true, update: { value: '👨‍👩‍👧' } });
  });

  it('the page says which character to remove', () => {
    expect(inputProblem('ticket', 'emojiName', 'tic\u200Bket')).toBe('Remove the invisible character U+200B (zero width space): it would not show in Discord.');
    expect(inputProblem('ticket', 'emojiName', '🎫')).toBeNull();
  });
});
