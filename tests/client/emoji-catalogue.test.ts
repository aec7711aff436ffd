import compact from 'emojibase-data/en/compact.json';
import versions from 'emojibase-data/versions/emoji.json';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, inTone, loadEmojiCatalogue, NEWEST_EMOJI_VERSION, SKIN_TONES } from '../../src/client/features/settings/emoji/emoji-catalogue';
import { valueSchema } from '../../src/shared/settings/index';

const catalogue = buildCatalogue(compact, versions);
const all = catalogue.flatMap((category) => category.emoji);
const find = (text: string) => all.find((emoji) => emoji.text === text);
/** Every spelling the picker can store: each emoji and each of its tones. */
const offered = all.flatMap((emoji) => [emoji.text, ...(emoji.tones ?? [])]);

describe('the emoji catalogue', () => {
  it('offers the whole Unicode set up to Emoji 15.1, in nine categories, without bare parts', () => {
    expect(catalogue.map((category) => category.name)).toEqual([
      'Smileys & emotion',
      'People & body',
      'Animals & nature',
      'Food & drink',
      'Activities',
      'Travel & places',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    expect(NEWEST_EMOJI_VERSION).toBe(15.1);
    // Emoji 15.1's phoenix (a ZWJ sequence) is in; Emoji 16.0's face with bags under eyes is out.
    expect(find('🐦‍🔥')?.name).toBe('phoenix');
    expect(find('\u{1FAE9}')).toBeUndefined();
    // Emoji 15.0 (the last single code points before the cut) and 1.0 alike.
    expect(find('\u{1FAE8}')?.name).toBe('shaking face');
    // Emoji 15.1's 3,782 RGI emoji but the bare parts and the two people in two different tones (Discord's own
    // picker has one tone too): some 1,850 emoji, 3,500 with their tones.
    expect(all.length).toBeGreaterThan(1800);
    expect(offered.length).toBeGreaterThan(3500);
    // A bare skin tone, hair component or regional indicator is part of an emoji, not one to react with.
    for (const part of ['🏻', '🦰', '🇦']) expect(find(part)).toBeUndefined();
  });

  it('stores each emoji as Unicode spells it in full: no selector after 👍, one after ❤️ and the keycaps', () => {
    expect(find('👍')?.name).toBe('thumbs up');
    expect(find('👍\u{FE0F}')).toBeUndefined();
    expect(find('❤️')?.name).toBe('red heart');
    expect(find('❤')).toBeUndefined();
    expect(find('#️⃣')?.name).toBe('keycap: #');
    expect(find('🏴󠁧󠁢󠁥󠁮󠁧󠁿')?.name).toBe('flag: England');
    expect(find('👨‍👩‍👧')?.name).toBe('family: man, woman, girl');
  });

  it('gives a person each of the five skin tones, lightest first; two people both in the tone', () => {
    expect(SKIN_TONES.map((tone) => tone.modifier)).toEqual(['1F3FB', '1F3FC', '1F3FD', '1F3FE', '1F3FF']);
    const thumbs = find('👍');
    expect(thumbs?.tones).toEqual(['👍🏻', '👍🏼', '👍🏽', '👍🏾', '👍🏿']);
    expect(find('🧑‍🤝‍🧑')?.tones?.[4]).toBe('🧑🏿‍🤝‍🧑🏿');
    // A tone shows only on what takes one.
    expect(thumbs && inTone(thumbs, 2)).toBe('👍🏽');
    expect(thumbs && inTone(thumbs, null)).toBe('👍');
    const star = find('⭐');
    expect(star?.tones).toBeUndefined();
    expect(star && inTone(star, 2)).toBe('⭐');
  });

  it('searches each by its name and CLDR keywords', () => {
    expect(find('👍')?.terms.split(' ')).toEqual(expect.arrayContaining(['thumbs', 'up', '+1', 'like']));
  });

  it('offers only what the server stores: every emoji and tone passes the emoji fields’ check', () => {
    const schema = valueSchema('reactionrole', 'emojiName');
    const refused = offered.filter((text) => !schema.safeParse(text).success);
    expect(refused).toEqual([]);
  });

  it('loads the list once, when asked', async () => {
    const first = loadEmojiCatalogue();
    expect(loadEmojiCatalogue()).toBe(first);
    expect((await first).flatMap((category) => category.emoji)).toHaveLength(all.length);
  });
});
