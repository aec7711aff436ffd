import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/shared/settings/index';
import { toGuildSettings } from '../../src/worker/db/settings';

// toGuildSettings starts each read from a copy of the defaults parsed from JSON made once per isolate.
describe("a guild's stored settings over the defaults", () => {
  it('are the defaults, every key and value as the registry builds them, when nothing is stored', () => {
    expect(toGuildSettings([])).toStrictEqual(defaultSettings());
  });

  it('give each read a copy of its own: a value stored or changed in one read is in no other', () => {
    const first = toGuildSettings([{ section: 'starboard', key: 'enabled', value: 'true' }]);
    expect(first.starboard.enabled).toBe(true);
    (first.antinuke as Record<string, unknown>).threshold = 99;
    const second = toGuildSettings([]);
    expect(second.starboard.enabled).toBe(defaultSettings().starboard.enabled);
    expect(second.antinuke).toStrictEqual(defaultSettings().antinuke);
  });
});
