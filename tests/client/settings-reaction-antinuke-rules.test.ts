import { describe, expect, it } from 'vitest';
import { memberSearchQuerySchema } from '../../src/shared/member-search';
import { defaultSettings, describeValue, inputProblem, moduleProblem, valueSchema } from '../../src/shared/settings/index';
import { botOpenApiDocument } from '../../src/worker/services/bot-openapi';

const ROLE = '400000000000001001';
const OTHER_ROLE = '400000000000001002';
const accepts = (section: Parameters<typeof valueSchema>[0], key: string, value: unknown) => valueSchema(section, key).safeParse(value).success;
/** 20 different emoji: the most reactions Discord lets one message have. */
const EMOJI = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎', '😍', '😘', '🥰', '😗', '😙', '🥲', '🙂', '🤗'];
const pairs = (count: number) => EMOJI.slice(0, count).map((emojiName) => ({ emojiName, roleID: ROLE }));

describe('reaction role pairs', () => {
  it('the first pair and 19 more make Discord’s 20 reactions: 19 extra pairs fit, 20 do not', () => {
    expect(accepts('reactionrole', 'extraPairs', pairs(19))).toBe(true);
    expect(accepts('reactionrole', 'extraPairs', pairs(20))).toBe(false);
    expect(inputProblem('reactionrole', 'extraPairs', pairs(20))).toBe('Add at most 19 more pairs.');
    expect(accepts('reactionrole', 'extraPairs', [])).toBe(true);
  });

  it('refuses an emoji twice (with or without its emoji-style selector), a pair without a role or emoji, and unknown fields', () => {
    const twice = [
      { emojiName: '❤️', roleID: ROLE },
      { emojiName: '❤', roleID: OTHER_ROLE },
    ];
    expect(accepts('reactionrole', 'extraPairs', twice)).toBe(false);
    expect(inputProblem('reactionrole', 'extraPairs', twice)).toBe('Each emoji can give one role: ❤ is used twice.');
    expect(accepts('reactionrole', 'extraPairs', [{ emojiName: '⭐', roleID: null }])).toBe(false);
    expect(accepts('reactionrole', 'extraPairs', [{ emojiName: '', roleID: ROLE }])).toBe(false);
    expect(accepts('reactionrole', 'extraPairs', [{ emojiName: 'two words', roleID: ROLE }])).toBe(false);
    expect(accepts('reactionrole', 'extraPairs', [{ emojiName: '⭐', roleID: ROLE, colour: 'red' }])).toBe(false);
    expect(inputProblem('reactionrole', 'extraPairs', [{ emojiName: '⭐', roleID: 'x' }])).toBe(
      'Give every pair one emoji (or a server emoji’s name) and a role.',
    );
    // A server emoji's name is a pair's emoji too.
    expect(valueSchema('reactionrole', 'extraPairs').parse([{ emojiName: ' vinyl ', roleID: ROLE }])).toEqual([{ emojiName: 'vinyl', roleID: ROLE }]);
  });

  it('the first pair’s emoji (emojiName) may not come back among the others', () => {
    const values = { ...defaultSettings().reactionrole, emojiName: '⭐', roleID: ROLE };
    expect(moduleProblem('reactionrole', { ...values, extraPairs: [{ emojiName: '🎮', roleID: ROLE }] })).toBeNull();
    expect(moduleProblem('reactionrole', { ...values, extraPairs: [{ emojiName: '⭐', roleID: OTHER_ROLE }] })).toBe(
      'the emoji ⭐ is in two pairs: each emoji can give one role.',
    );
    expect(moduleProblem('reactionrole', { ...values, emojiName: null, extraPairs: [{ emojiName: '⭐', roleID: ROLE }] })).toBeNull();
    expect(moduleProblem('antinuke', defaultSettings().antinuke)).toBeNull();
  });

  it('a mode is toggle (the default), unique or verify', () => {
    expect(defaultSettings().reactionrole.mode).toBe('toggle');
    for (const mode of ['toggle', 'unique', 'verify']) expect(accepts('reactionrole', 'mode', mode)).toBe(true);
    for (const mode of ['Toggle', '', null, 'sticky']) expect(accepts('reactionrole', 'mode', mode)).toBe(false);
    expect(inputProblem('reactionrole', 'mode', 'sticky')).toBe('Choose one of the listed options.');
  });

  it('the audit reads pairs as emoji → role and a mode by its name', () => {
    const guild = { roles: [{ id: ROLE, name: 'Gamers', color: 0, position: 1, managed: false }], channels: [] };
    expect(describeValue('reactionrole', 'extraPairs', [{ emojiName: '🎮', roleID: ROLE }], guild)).toBe('🎮 → @Gamers');
    expect(describeValue('reactionrole', 'mode', 'unique', guild)).toBe('Unique');
    expect(describeValue('antinuke', 'trustedRoles', [ROLE, OTHER_ROLE], guild)).toBe(`@Gamers, @${OTHER_ROLE}`);
    expect(describeValue('antinuke', 'punishment', 'ban', guild)).toBe('Ban them');
  });
});

describe('anti-nuke', () => {
  it('defaults: 5 actions in 30 seconds, every action counted, roles removed, nobody trusted', () => {
    expect(defaultSettings().antinuke).toEqual({
      enabled: false,
      threshold: 5,
      windowSeconds: 30,
      actions: ['ban', 'kick', 'channelDelete', 'roleDelete'],
      punishment: 'removeRoles',
      whitelist: [],
      trustedRoles: [],
    });
  });

  it('threshold 2–50 and window 5–600 seconds, whole numbers, at their edges', () => {
    for (const value of [2, 50]) expect(accepts('antinuke', 'threshold', value)).toBe(true);
    for (const value of [1, 51, 2.5, '5']) expect(accepts('antinuke', 'threshold', value)).toBe(false);
    for (const value of [5, 600]) expect(accepts('antinuke', 'windowSeconds', value)).toBe(true);
    for (const value of [4, 601]) expect(accepts('antinuke', 'windowSeconds', value)).toBe(false);
    expect(inputProblem('antinuke', 'windowSeconds', 601)).toBe('Enter a whole number from 5 to 600.');
  });

  it('punishes by removing roles, kicking or banning; counts bans, kicks, channel and role deletions', () => {
    for (const value of ['removeRoles', 'kick', 'ban']) expect(accepts('antinuke', 'punishment', value)).toBe(true);
    expect(accepts('antinuke', 'punishment', 'timeout')).toBe(false);
    expect(valueSchema('antinuke', 'actions').parse(['roleDelete', 'ban'])).toEqual(['ban', 'roleDelete']);
    expect(accepts('antinuke', 'actions', ['webhookCreate'])).toBe(false);
  });

  it('trusts at most 50 roles, each once', () => {
    const roles = (count: number) => Array.from({ length: count }, (_, n) => String(400000000000002000n + BigInt(n)));
    expect(accepts('antinuke', 'trustedRoles', roles(50))).toBe(true);
    expect(accepts('antinuke', 'trustedRoles', roles(51))).toBe(false);
    expect(inputProblem('antinuke', 'trustedRoles', roles(51))).toBe('Choose at most 50 roles of this server.');
    expect(valueSchema('antinuke', 'trustedRoles').parse([ROLE, ROLE])).toEqual([ROLE]);
  });
});

describe('member search query', () => {
  const query = (text: unknown) => memberSearchQuerySchema.safeParse({ serverID: '300000000000000001', query: text });
  it('is 1 to 100 characters after trimming, as Discord takes it', () => {
    expect(query('a').success).toBe(true);
    expect(query('a'.repeat(100)).success).toBe(true);
    expect(query('a'.repeat(101)).success).toBe(false);
    expect(query('   ').success).toBe(false);
    expect(query(undefined).success).toBe(false);
    expect(query('  Demo ').data?.query).toBe('Demo');
  });
});

describe('the bot API’s OpenAPI document', () => {
  interface Schemas {
    components: { schemas: { BotGuild: { properties: { settings: { properties: Record<string, { properties: Record<string, unknown> }> } } } } };
  }
  const settings = (JSON.parse(botOpenApiDocument()) as Schemas).components.schemas.BotGuild.properties.settings.properties;

  it('describes the pairs (at most 19 besides the first, each an emoji and a role) and the mode', () => {
    const reactionrole = settings.reactionrole?.properties ?? {};
    expect(reactionrole.extraPairs).toMatchObject({
      type: 'array',
      maxItems: 19,
      items: { type: 'object', required: ['emojiName', 'roleID'], additionalProperties: false },
    });
    expect(reactionrole.mode).toMatchObject({ enum: ['toggle', 'unique', 'verify'] });
    // The spec's fields stay the first pair.
    expect(Object.keys(reactionrole)).toEqual(['enabled', 'roleID', 'messageID', 'messageChannelID', 'emojiName', 'extraPairs', 'mode']);
  });

  it('describes Anti-Nuke’s bounds, actions, punishment and trusted roles', () => {
    const antinuke = settings.antinuke?.properties ?? {};
    expect(antinuke.threshold).toMatchObject({ type: 'integer', minimum: 2, maximum: 50 });
    expect(antinuke.windowSeconds).toMatchObject({ type: 'integer', minimum: 5, maximum: 600 });
    expect(antinuke.punishment).toMatchObject({ enum: ['removeRoles', 'kick', 'ban'] });
    expect(antinuke.trustedRoles).toMatchObject({ type: 'array', maxItems: 50 });
  });
});
