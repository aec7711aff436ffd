import { describe, expect, it } from 'vitest';
import { botPresenceSchema, botSettingWriteSchema, botSyncSchema } from '../../src/shared/bot-api';
import { inputProblem, parseSettingUpdate } from '../../src/shared/settings/index';
import { describePathProblem, pathProblem } from '../../src/shared/songs/paths';
import { hasVisibleCharacter, hiddenCharacter, hiddenCharacterProblem, isVisibleText, trimSpaces } from '../../src/shared/visible-text';

/** Issue 36 §3: hidden and blank text is refused by Unicode property, in every text the dashboard stores or serves. */

const hex = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
const found = (text: string) => hiddenCharacter(text)?.codePoint ?? null;

/** What the list of characters this rule replaced (src/shared/invisible-characters.ts, up to issue 36) refused. */
const OLD_LIST = new Set([
  0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
]);
const oldListFinds = (text: string) => Array.from(text).some((char) => OLD_LIST.has(char.codePointAt(0) ?? 0) || /\p{Cc}/u.test(char));

describe('hidden characters, by property', () => {
  // Each is refused by its property; none of them was on the old list, so a list gives another answer for every one.
  it.each([
    ['\u2028', 'Zl: line separator'],
    ['\u2029', 'Zp: paragraph separator'],
    ['\u00AD', 'Default_Ignorable and Cf: soft hyphen'],
    ['\u3164', 'Default_Ignorable letter: Hangul filler, shows blank'],
    ['\uFFA0', 'Default_Ignorable letter: halfwidth Hangul filler'],
    ['\u115F', 'Default_Ignorable letter: Hangul choseong filler'],
    ['\u034F', 'Default_Ignorable mark: combining grapheme joiner'],
    ['\u180B', 'Default_Ignorable mark: Mongolian free variation selector'],
    ['\uFE00', 'Default_Ignorable: variation selector 1'],
    ['\u{E0100}', 'Default_Ignorable: variation selector 17'],
    ['\u2065', 'Default_Ignorable, unassigned: kept for a future invisible character'],
    ['\u{E0FFF}', 'Default_Ignorable, unassigned: the last of the tag block range'],
    ['\u{E0001}', 'tag: language tag'],
    ['\u{E0020}', 'tag: the first tag character'],
    ['\u{E0041}', 'tag: TAG LATIN CAPITAL LETTER A'],
    ['\u{E007F}', 'tag: cancel tag'],
    ['\u0600', 'Cf only: Arabic number sign'],
    ['\uFFF9', 'Cf only: interlinear annotation anchor'],
    ['\u{13430}', 'Cf only: Egyptian hieroglyph vertical joiner'],
    ['\u{1D173}', 'Cf: musical symbol begin beam'],
    ['\uD800', 'Cs: a lone high surrogate'],
    ['\uDFFF', 'Cs: a lone low surrogate'],
  ])('refuses %j (%s) alone, inside, at either end and beside an emoji; the old list did not', (char) => {
    for (const text of [char, `ab${char}cd`, `${char}ok`, `ok${char}`, `👍${char}`, `${char}👍`]) {
      expect(found(text), JSON.stringify(text)).toBe(hex(char));
      expect(oldListFinds(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('still refuses what the list refused: controls, bidirectional controls, zero-width characters, the byte order mark', () => {
    for (const char of ['\u0000', '\u001F', '\u007F', '\u0080', '\u009F', '\u202E', '\u2066', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      expect(found(`a${char}b`), hex(char)).toBe(hex(char));
    }
  });

  it('leaves the neighbours of each property alone (the last allowed beside the first refused)', () => {
    const pairs = [
      ['\u00AC', '\u00AD'],
      ['\u00AE', '\u00AD'],
      ['\u3163', '\u3164'],
      ['\u3165', '\u3164'],
      ['\uFF9F', '\uFFA0'],
      ['\uFFA1', '\uFFA0'],
      ['\u1161', '\u1160'],
      ['\u200A', '\u200B'],
      ['\u205F', '\u2060'],
      ['\u2070', '\u206F'],
      ['\u2027', '\u2028'],
      ['\u202F', '\u202E'],
      ['\uFEFE', '\uFEFF'],
      ['\u00A0', '\u009F'],
      ['\u0020', '\u001F'],
      ['\u0606', '\u0605'],
      ['\u{E1000}', '\u{E0FFF}'],
      ['\uFDFF', '\uFE00'],
      ['\uE000', '\uD800'],
    ] as const;
    for (const [allowed, refused] of pairs) {
      expect(found(`a${allowed}b`), hex(allowed)).toBeNull();
      expect(found(`a${refused}b`), hex(refused)).toBe(hex(refused));
    }
  });

  it('takes a surrogate pair as the one character it is, and a pair the wrong way round as two lone halves', () => {
    expect(found('\uD83D\uDC4D')).toBeNull();
    expect(found('a\uDC4D\uD83Db')).toBe('U+DC4D');
  });

  it('names the character and its kind in the sentence', () => {
    expect(hiddenCharacterProblem('a\u3164b')).toBe('must not contain invisible or control characters (U+3164, Hangul filler)');
    expect(hiddenCharacterProblem('a\u00ADb')).toBe('must not contain invisible or control characters (U+00AD, soft hyphen)');
    expect(hiddenCharacterProblem('a\u2028b')).toBe('must not contain invisible or control characters (U+2028, line separator)');
    expect(hiddenCharacterProblem('a\u{E0041}b')).toBe('must not contain invisible or control characters (U+E0041, a tag character)');
    expect(hiddenCharacterProblem('a\uFE00b')).toBe('must not contain invisible or control characters (U+FE00, a variation selector)');
    expect(hiddenCharacterProblem('a\u0600b')).toBe('must not contain invisible or control characters (U+0600, a format character)');
    expect(hiddenCharacterProblem('a\u2065b')).toBe('must not contain invisible or control characters (U+2065, a character that shows nothing)');
    expect(hiddenCharacterProblem('a\uD800b')).toBe('must not contain invisible or control characters (U+D800, a lone surrogate)');
    expect(hiddenCharacterProblem('a\u0007b')).toBe('must not contain invisible or control characters (U+0007, a control character)');
    expect(hiddenCharacterProblem('plain text, ünïcödé, 日本語, مرحبا')).toBeNull();
  });

  it('calls the characters people know by their Unicode names', () => {
    const named: [string, string][] = [
      ['\u00AD', 'soft hyphen'],
      ['\u034F', 'combining grapheme joiner'],
      ['\u061C', 'Arabic letter mark'],
      ['\u115F', 'Hangul choseong filler'],
      ['\u1160', 'Hangul jungseong filler'],
      ['\u180E', 'Mongolian vowel separator'],
      ['\u200B', 'zero width space'],
      ['\u200C', 'zero width non-joiner'],
      ['\u200D', 'zero width joiner'],
      ['\u200E', 'left-to-right mark'],
      ['\u200F', 'right-to-left mark'],
      ['\u2028', 'line separator'],
      ['\u2029', 'paragraph separator'],
      ['\u202A', 'left-to-right embedding'],
      ['\u202B', 'right-to-left embedding'],
      ['\u202C', 'pop directional formatting'],
      ['\u202D', 'left-to-right override'],
      ['\u202E', 'right-to-left override'],
      ['\u2060', 'word joiner'],
      ['\u2066', 'left-to-right isolate'],
      ['\u2067', 'right-to-left isolate'],
      ['\u2068', 'first strong isolate'],
      ['\u2069', 'pop directional isolate'],
      ['\u3164', 'Hangul filler'],
      ['\uFEFF', 'zero width no-break space'],
      ['\uFFA0', 'halfwidth Hangul filler'],
    ];
    for (const [char, name] of named) expect(hiddenCharacter(`a${char}b`), hex(char)).toEqual({ codePoint: hex(char), name });
  });
});

describe('emoji keep the joiners, selectors and tags they are spelled with', () => {
  it.each([
    ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 'a family (ZWJ between pictographs)'],
    ['\u{1F3F3}\uFE0F\u200D\u{1F308}', 'the rainbow flag (a selector, then a joiner)'],
    ['\u{1F469}\u{1F3FD}\u200D\u{1F4BB}', 'a technologist with a skin tone'],
    ['\u{1F469}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}', 'a kiss'],
    ['\u{1F468}\u200D\u{1F9B2}\u200D\u{1F431}', 'a joined sequence Unicode does not list (shown as its parts)'],
    ['\u2764\uFE0F', 'a heart with its emoji selector'],
    ['\u263A\uFE0E', 'a smiley with its text selector'],
    ['\u00A9\uFE0F', 'the copyright sign, a pictograph, with a selector'],
    ['1\uFE0F\u20E3', 'the keycap 1'],
    ['#\uFE0F\u20E3', 'the keycap #'],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 'the flag of Scotland (🏴 and tags)'],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', 'the flag of England'],
    ['\u{1F1EB}\u{1F1F7}', 'a flag of regional indicators'],
  ])('keeps %s (%s), alone and in text', (emoji) => {
    expect(found(emoji)).toBeNull();
    expect(found(`Hi ${emoji} there${emoji}`)).toBeNull();
  });

  it.each([
    ['\u200D\u{1F44D}', 'U+200D', 'a joiner before an emoji only'],
    ['\u{1F44D}\u200D', 'U+200D', 'a joiner after an emoji only'],
    ['\u{1F468}\u200D\u200D\u{1F469}', 'U+200D', 'two joiners'],
    ['a\u200Db', 'U+200D', 'a joiner between letters'],
    ['\u{1F468}\u200Db', 'U+200D', 'a joiner between an emoji and a letter'],
    ['a\u200D\u{1F469}', 'U+200D', 'a joiner between a letter and an emoji'],
    ['a\uFE0F', 'U+FE0F', 'a selector after a letter'],
    ['1\uFE0F', 'U+FE0F', 'a selector after a digit that no keycap follows'],
    ['\u2764\uFE0F\uFE0F', 'U+FE0F', 'a second selector'],
    ['\u{1F3F4}\u{E0068}\u{E0069}\u{E007F}', 'U+E0068', 'tags after 🏴 that spell no flag Unicode lists (a hidden "hi")'],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E0074}\u{E007F}', 'U+E0067', 'a flag of Scotland with a tag too many'],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}', 'U+E0067', 'a flag of Scotland without its cancel tag'],
    ['a\u{E0067}\u{E0062}\u{E007F}', 'U+E0067', 'tags after a letter'],
  ])('refuses %j: %s is %s', (text, codePoint) => {
    expect(found(text)).toBe(codePoint);
  });
});

describe('something must show', () => {
  it.each([
    ['a', true],
    ['.', true],
    ['1', true],
    ['\u{1F44B}', true],
    ['\u27FF', true],
    ['\u2801', true],
    ['\u2800a', true],
    [' ', false],
    ['\u00A0\u3000\u2003', false],
    ['\u2800', false],
    ['\u2800\u2800', false],
    ['\u3164', false],
    ['\u0301', false],
    ['\uE000', false],
    ['', false],
  ])('%j shows: %s', (text, shows) => {
    expect(hasVisibleCharacter(text)).toBe(shows);
  });

  it('a name shows as itself when nothing is hidden in it and something shows', () => {
    expect(isVisibleText('Kai')).toBe(true);
    expect(isVisibleText('Kai\u200B')).toBe(false);
    expect(isVisibleText('\u2800\u2800')).toBe(false);
  });

  it('trims spaces, never a hidden character', () => {
    expect(trimSpaces(' \t\n\r\u00A0\u3000 Kai \u2003\n')).toBe('Kai');
    for (const hidden of ['\uFEFF', '\u2028', '\u2029', '\u200B', '\u0085', '\u3164']) {
      expect(trimSpaces(`${hidden}Kai${hidden}`), hex(hidden)).toBe(`${hidden}Kai${hidden}`);
    }
  });
});

describe('every text the dashboard stores or serves', () => {
  const save = (section: string, key: string, value: unknown) => parseSettingUpdate({ serverID: '300000000000000001', section, key, value });
  const refusal = (char: string, name: string) => `value: must not contain invisible or control characters (${hex(char)}, ${name})`;

  it.each([
    ['\u2028', 'line separator'],
    ['\u00AD', 'soft hyphen'],
    ['\u3164', 'Hangul filler'],
    ['\u{E0041}', 'a tag character'],
    ['\uFEFF', 'zero width no-break space'],
  ])('a welcome message and an emoji refuse %j, naming the field and the character', (char, name) => {
    expect(save('welcomemessage', 'message', `Welcome${char} {user}!`)).toEqual({ ok: false, field: 'value', message: refusal(char, name) });
    expect(save('welcomemessage', 'message', `Welcome {user}!${char}`)).toEqual({ ok: false, field: 'value', message: refusal(char, name) });
    expect(save('ticket', 'emojiName', `${char}\u{1F3AB}`)).toEqual({ ok: false, field: 'value', message: refusal(char, name) });
    expect(inputProblem('welcomemessage', 'message', `Welcome${char}`)).toBe(
      `Remove the invisible character ${hex(char)} (${name}): it would not show in Discord.`,
    );
  });

  it('a message keeps its line breaks and emoji, and needs a visible character', () => {
    expect(save('welcomemessage', 'message', 'Hi {user}\r\n\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F} \u2764\uFE0F')).toMatchObject({
      ok: true,
      update: { value: 'Hi {user}\n\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F} \u2764\uFE0F' },
    });
    expect(save('welcomemessage', 'message', '\u2800\u2800')).toEqual({
      ok: false,
      field: 'value',
      message: 'value: must contain at least one visible character',
    });
    expect(save('welcomemessage', 'message', '\u2800.')).toMatchObject({ ok: true });
    expect(inputProblem('welcomemessage', 'message', '\u2800')).toBe(
      'Write at least one visible character: blank characters alone would post as an empty message.',
    );
    expect(save('welcomemessage', 'message', ' \u3000 ')).toEqual({ ok: false, field: 'value', message: 'value: must not be empty' });
  });

  it('an emoji keeps its keycap and flag sequences', () => {
    for (const emoji of ['1\uFE0F\u20E3', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', '\u{1F3F3}\uFE0F\u200D\u{1F308}']) {
      expect(save('ticket', 'emojiName', emoji)).toMatchObject({ ok: true, update: { value: emoji } });
    }
  });

  const presence = (name: string) => botPresenceSchema.safeParse({ name, memberCount: 1 });
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? '');

  it.each([
    ['\u2028', 'line separator'],
    ['\u00AD', 'soft hyphen'],
    ['\u3164', 'Hangul filler'],
    ['\u{E0041}', 'a tag character'],
    ['\uFEFF', 'zero width no-break space'],
  ])('a guild name the bot reports, in a presence or a sync, and a member it names refuse %j', (char, name) => {
    const sentence = `must not contain invisible or control characters (${hex(char)}, ${name})`;
    expect(messageOf(presence(`Kenji${char}Lounge`))).toBe(sentence);
    expect(messageOf(presence(`Kenji Lounge${char}`))).toBe(sentence);
    // In a sync, the entry alone is refused, with the same sentence.
    const sync = botSyncSchema.parse({ syncId: 's1', done: true, guilds: [{ id: '300000000000000001', name: `Kenji${char}`, memberCount: 1 }] });
    expect(sync.refused).toEqual([{ id: '300000000000000001', error: `name: ${sentence}`, code: 'INVALID_INPUT' }]);
    expect(sync.guilds).toEqual([]);
    const write = botSettingWriteSchema.safeParse({ section: 'logs', key: 'channelID', value: null, actor: { id: '100000000000000077', name: `Kai${char}` } });
    expect(messageOf(write)).toBe(sentence);
  });

  it('a name needs a visible character: Hangul fillers or blank Braille alone are refused, spaces around one are trimmed', () => {
    expect(messageOf(presence('\u2800\u2800'))).toBe('must contain at least one visible character');
    expect(messageOf(presence('\u3164\u3164'))).toBe('must not contain invisible or control characters (U+3164, Hangul filler)');
    expect(messageOf(presence('   '))).toBe('must not be empty');
    expect(botPresenceSchema.parse({ name: ' \u00A0Kenji Lounge\u3000', memberCount: 1 }).name).toBe('Kenji Lounge');
    expect(botPresenceSchema.parse({ name: '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Glasgow', memberCount: 1 }).name).toBe(
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Glasgow',
    );
    const actor = (name: string) =>
      botSettingWriteSchema.safeParse({ section: 'logs', key: 'channelID', value: null, actor: { id: '100000000000000077', name } });
    expect(messageOf(actor('\u2800'))).toBe('must contain at least one visible character');
    expect(messageOf(actor('K'))).toBeNull();
  });

  it.each([
    ['Album/x\u00ADy.mp3', 'invisible'],
    ['Album/\u3164/x.mp3', 'invisible'],
    ['Album/x\u{E0041}.mp3', 'invisible'],
    ['Album/x\uFE0F.mp3', 'invisible'],
    ['Album/x\u0600.mp3', 'invisible'],
    ['\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645.mp3', 'invisible'],
    ['Album/caf\u00E9\u200D\u00E9.mp3', 'invisible'],
    ['Album/\u2800/x.mp3', 'blank'],
    ['Album/ /x.mp3', 'blank'],
    ['\u2800\u2800.mp3/x.mp3', null],
    ['Album/\u2800.mp3', null],
    ['Album/\u2764\uFE0F Love.mp3', null],
    ['Album/\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.mp3', null],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}/x.mp3', null],
    ['Album/x\u2028y.mp3', 'control'],
    ['Album/evil\u202Egpj.mp3', 'bidi'],
  ])('a song name %j is %s', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });

  it('a song name a list of zero-width characters would pass is refused, in a sentence that says so', () => {
    expect(describePathProblem('song', 'invisible')).toBe('The song path contains invisible characters (zero-width, format or filler characters).');
    expect(describePathProblem('song', 'blank')).toBe('The song path has a folder or file name without a visible character.');
  });
});
