import compact from 'emojibase-data/en/compact.json';
import versions from 'emojibase-data/versions/emoji.json';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/client/features/settings/emoji/emoji-catalogue';
import { findServerEmoji, findUnicodeEmoji, searchWords } from '../../src/client/features/settings/emoji/emoji-search';
import type { SettingsEmoji } from '../../src/shared/settings/index';

const catalogue = buildCatalogue(compact, versions);
const texts = (query: string) => findUnicodeEmoji(catalogue, query).map((emoji) => emoji.text);
const serverEmoji = (name: string): SettingsEmoji => ({ id: `7000000000000010${name.length}`, name, animated: false, available: true });

describe('the emoji search', () => {
  it('takes words however they are written: spaces, underscores, colons, capitals', () => {
    expect(searchWords(':Thumbs_up:')).toEqual(['thumbs', 'up']);
    expect(searchWords('  ')).toEqual([]);
    expect(texts('thumbs up')).toEqual(texts(':thumbs_up:'));
  });

  it('finds by the beginning of a word of the name or a keyword, not inside a word', () => {
    expect(texts('thu')).toContain('👍');
    expect(texts('+1')).toContain('👍');
    expect(texts('like')).toContain('👍');
    // "ear" begins "ear" (👂) but is inside "heart": the heart is not found.
    expect(texts('ear')).toContain('👂');
    expect(texts('ear')).not.toContain('❤️');
    expect(texts('')).toEqual([]);
    expect(texts('zzzz')).toEqual([]);
  });

  it('needs every word: "red heart" finds the red heart (and the anatomical one, red too), not every heart', () => {
    expect(texts('red heart')).toEqual(['❤️', '🫀']);
  });

  it('puts what is named just so first, then names that begin so, then the rest in Unicode’s order', () => {
    expect(texts('star').slice(0, 2)).toEqual(['⭐', '🤩']);
    // "party" begins two names (🥳 partying face, 🎉 party popper), then is a keyword of 😛 and others, in
    // Unicode's order; the names that hold it elsewhere come after them all.
    expect(texts('party').slice(0, 4)).toEqual(['🥳', '🎉', '😛', '😜']);
    const fire = texts('fire');
    expect(fire[0]).toBe('🔥');
    expect(fire.indexOf('🧑‍🚒')).toBeLessThan(fire.indexOf('❤️‍🔥'));
  });

  it('finds a server emoji by any part of its name', () => {
    const emojis = [serverEmoji('kenji_wave'), serverEmoji('vinyl'), serverEmoji('Night_Owl')];
    expect(findServerEmoji(emojis, 'wave').map((emoji) => emoji.name)).toEqual(['kenji_wave']);
    expect(findServerEmoji(emojis, 'ji wa').map((emoji) => emoji.name)).toEqual(['kenji_wave']);
    expect(findServerEmoji(emojis, 'OWL').map((emoji) => emoji.name)).toEqual(['Night_Owl']);
    expect(findServerEmoji(emojis, ' ')).toEqual([]);
  });
});
