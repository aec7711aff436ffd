import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/shared/settings/index';
import { toGuildSettings } from '../../src/worker/db/settings';

// toGuildSettings starts each read from a copy of the defaults, worked out once per isolate as JSON data.
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

  it('give each read lists of its own: a default list changed in one read is unchanged in the next', () => {
    const first = toGuildSettings([]);
    first.antinuke.actions.push(first.antinuke.actions[0] ?? 'ban');
    first.logs.events.length = 0;
    const second = toGuildSettings([]);
    expect(second.antinuke.actions).toStrictEqual(defaultSettings().antinuke.actions);
    expect(second.logs.events).toStrictEqual(defaultSettings().logs.events);
  });
});
