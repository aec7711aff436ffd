import { describe, expect, it } from 'vitest';
import { referenceProblem, references } from '../../src/worker/services/guild-references';
import type { GuildSnapshot } from '../../src/worker/discord/guild-snapshot';

// A guild as the bot sees it: what a save of a role, channel or emoji is checked against.
const GUILD = '300000000000000001';
const view: GuildSnapshot = {
  roles: [
    { id: '400000000000000009', name: 'Admins', color: 0, position: 9, managed: false },
    { id: '400000000000000005', name: 'Bot', color: 0, position: 5, managed: false },
    { id: '400000000000000004', name: 'Listeners', color: 0, position: 4, managed: false },
    { id: '400000000000000003', name: 'Twitch Subscriber', color: 0, position: 3, managed: true },
    { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false },
  ],
  channels: [
    { id: '500000000000000001', name: 'general', type: 0, parent_id: null, position: 0 },
    { id: '500000000000000002', name: 'Lounge', type: 2, parent_id: null, position: 1 },
    { id: '500000000000000003', name: 'news', type: 5, parent_id: null, position: 2 },
  ],
  emojis: [
    { id: '700000000000000001', name: 'kenji_wave', animated: false, available: true },
    { id: '700000000000000002', name: 'boosted_only', animated: true, available: false },
  ],
  botHighestRolePosition: 5,
};

const problem = (kind: Parameters<typeof referenceProblem>[0], value: unknown) => referenceProblem(kind, value, view, GUILD);

describe('a role a setting names', () => {
  it('must exist in the server, not be @everyone, nor be managed by an integration', () => {
    expect(problem('role', '400000000000000009')).toBeNull();
    expect(problem('role', '400000000000000099')).toBe('value: role 400000000000000099 does not exist in this server.');
    expect(problem('role', GUILD)).toBe('value: @everyone cannot be chosen.');
    expect(problem('role', '400000000000000003')).toBe("value: role 'Twitch Subscriber' is managed by an integration and cannot be chosen.");
  });

  it('one the bot gives must be below its highest role (a role above it is fine to name otherwise)', () => {
    expect(problem('assignableRole', '400000000000000004')).toBeNull();
    // At the bot's own position: Discord refuses to let it give that role.
    expect(problem('assignableRole', '400000000000000005')).toBe("value: role 'Bot' is above the bot's highest role, so the bot cannot assign it.");
    expect(problem('assignableRole', '400000000000000009')).toBe("value: role 'Admins' is above the bot's highest role, so the bot cannot assign it.");
    expect(problem('role', '400000000000000005')).toBeNull();
    expect(problem('assignableRole', '400000000000000099')).toBe('value: role 400000000000000099 does not exist in this server.');
    expect(problem('assignableRole', GUILD)).toBe('value: @everyone cannot be chosen.');
  });

  it('a list of roles: each is checked, the first wrong one named; what is not an id is not a role', () => {
    expect(problem('roles', ['400000000000000009', '400000000000000004'])).toBeNull();
    expect(problem('roles', ['400000000000000009', '400000000000000098', '400000000000000099'])).toBe(
      'value: role 400000000000000098 does not exist in this server.',
    );
    expect(references('roles', ['400000000000000009', 42, null])).toEqual([{ kind: 'role', value: '400000000000000009' }]);
    expect(references('roles', '400000000000000009')).toEqual([{ kind: 'roles', value: '400000000000000009' }]);
  });
});

describe('a channel a setting names', () => {
  it('a text channel: must exist and be a text channel', () => {
    expect(problem('textChannel', '500000000000000001')).toBeNull();
    expect(problem('textChannel', '500000000000000099')).toBe('value: channel 500000000000000099 does not exist in this server.');
    expect(problem('textChannel', '500000000000000002')).toBe("value: channel 'Lounge' is not a text channel.");
    expect(problem('textChannel', '500000000000000003')).toBe("value: channel 'news' is not a text channel.");
  });

  it("a watched message's channel: this server's, and one with messages (text or announcement)", () => {
    expect(problem('messageChannel', '500000000000000001')).toBeNull();
    expect(problem('messageChannel', '500000000000000003')).toBeNull();
    expect(problem('messageChannel', '500000000000000099')).toBe("value: the message's channel 500000000000000099 does not exist in this server.");
    expect(problem('messageChannel', '500000000000000002')).toBe("value: the message's channel 'Lounge' is not a text or announcement channel.");
  });
});

describe('an emoji a setting names', () => {
  it("a Unicode emoji is anyone's; a name must be one of the server's emoji that it can still use", () => {
    expect(problem('emoji', '🎵')).toBeNull();
    expect(problem('emoji', 'kenji_wave')).toBeNull();
    expect(problem('emoji', 'kenji_waves')).toBe("value: this server has no emoji named 'kenji_waves'.");
    expect(problem('emoji', 'boosted_only')).toBe("value: the emoji 'boosted_only' needs a boost level this server no longer has, so the bot cannot use it.");
  });
});

describe('reaction roles (pairs of an emoji and a role the bot gives)', () => {
  it('each pair names its emoji and its role as one the bot gives', () => {
    expect(
      references('reactionPairs', [
        { emojiName: 'kenji_wave', roleID: '400000000000000004' },
        { emojiName: '🎵' },
        { roleID: '400000000000000009' },
        null,
        'kenji_wave',
        { emojiName: 7, roleID: 8 },
        undefined,
      ]),
    ).toEqual([
      { kind: 'emoji', value: 'kenji_wave' },
      { kind: 'assignableRole', value: '400000000000000004' },
      { kind: 'emoji', value: '🎵' },
      { kind: 'assignableRole', value: '400000000000000009' },
    ]);
    expect(references('reactionPairs', 'kenji_wave')).toEqual([]);
  });

  it('a pair whose role is above the bot, or whose emoji the server lacks, is refused', () => {
    expect(problem('reactionPairs', [{ emojiName: 'kenji_wave', roleID: '400000000000000004' }])).toBeNull();
    expect(problem('reactionPairs', [{ emojiName: 'kenji_wave', roleID: '400000000000000009' }])).toBe(
      "value: role 'Admins' is above the bot's highest role, so the bot cannot assign it.",
    );
    expect(problem('reactionPairs', [{ emojiName: 'nope_not_here', roleID: '400000000000000004' }])).toBe(
      "value: this server has no emoji named 'nope_not_here'.",
    );
  });
});

describe('a value that names nothing in the server', () => {
  it('a switch, a number or a text is never a reference', () => {
    expect(references('toggle', true)).toEqual([]);
    expect(references('integer', 5)).toEqual([]);
    expect(problem('lineText', 'Welcome!')).toBeNull();
    expect(problem('messageId', '600000000000000001')).toBeNull();
  });
});
