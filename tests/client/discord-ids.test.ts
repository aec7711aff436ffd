import { describe, expect, it } from 'vitest';
import { botGuildParamSchema, botSyncSchema } from '../../src/shared/bot-api';
import { isSnowflake, MAX_SNOWFLAKE, SNOWFLAKE_PATTERN } from '../../src/shared/discord-ids';
import { parseMessageLink, parseSettingUpdate } from '../../src/shared/settings/index';
import { addWhitelistedServerSchema } from '../../src/shared/whitelist-requests';

/** Issue 36 §3: an id is a canonical snowflake, as Discord writes it: no leading zero, at most 2^64 − 1. */

/** The rule as arithmetic, to hold the pattern to. */
const canonical = (text: string) => /^\d{17,20}$/.test(text) && !text.startsWith('0') && BigInt(text) <= 2n ** 64n - 1n;
/** The rule this replaced: digits only. */
const digitsOnly = (text: string) => /^\d{17,20}$/.test(text);

describe('snowflakes', () => {
  it('end at 2^64 − 1', () => {
    expect(MAX_SNOWFLAKE).toBe(String(2n ** 64n - 1n));
  });

  it.each([
    ['10000000000000000', true, 'the smallest: 17 digits'],
    ['9999999999999999', false, '16 digits'],
    ['99999999999999999', true, 'the largest of 17 digits'],
    ['09999999999999999', false, 'a leading zero, 17 digits'],
    ['01844674407370955161', false, 'a leading zero, 20 digits'],
    ['', false, 'nothing'],
    ['00000000000000000', false, 'zeros'],
    ['0300000000000000001', false, 'a real id with a zero in front'],
    ['9999999999999999999', true, 'the largest of 19 digits'],
    ['10000000000000000000', true, 'the smallest of 20 digits'],
    ['18446744073709551615', true, '2^64 − 1'],
    ['18446744073709551616', false, '2^64'],
    ['18446744073709551614', true, '2^64 − 2'],
    ['18446744073709551619', false, 'past the maximum in the last digit'],
    ['18446744073709551605', true, 'below the maximum in the second-last digit'],
    ['18446744073709551715', false, 'past the maximum in the third-last digit'],
    ['18446744073709552000', false, 'past the maximum in the fourth-last digit'],
    ['18446744073709550999', true, 'below the maximum in the fourth-last digit'],
    ['18500000000000000000', false, 'past the maximum in the third digit'],
    ['17999999999999999999', true, 'below the maximum in the second digit'],
    ['19000000000000000000', false, 'past the maximum in the second digit'],
    ['99999999999999999999', false, 'twenty nines'],
    ['100000000000000000000', false, '21 digits'],
    ['1234567890123456789a', false, 'a letter'],
    [' 10000000000000000', false, 'a space'],
  ])('%s is a snowflake: %s (%s)', (text, expected) => {
    expect(isSnowflake(text)).toBe(expected);
    expect(canonical(text)).toBe(expected);
  });

  it('agree with the arithmetic on every digit of the maximum, and where digits only would not', () => {
    // Each digit of the maximum, one up and one down, and everything around it the same.
    for (let index = 1; index < MAX_SNOWFLAKE.length; index += 1) {
      for (const step of [-1, 1]) {
        const digit = Number(MAX_SNOWFLAKE[index]) + step;
        if (digit < 0 || digit > 9) continue;
        for (const tail of ['0', '9']) {
          const text = `${MAX_SNOWFLAKE.slice(0, index)}${digit}${tail.repeat(MAX_SNOWFLAKE.length - index - 1)}`;
          expect(isSnowflake(text), text).toBe(canonical(text));
        }
      }
    }
    for (const text of ['01234567890123456', '18446744073709551616', '99999999999999999999']) {
      expect(digitsOnly(text)).toBe(true);
      expect(isSnowflake(text)).toBe(false);
    }
  });

  it('is the rule of every id the API takes: the bot API, the sync, settings, the whitelist, and message links', () => {
    for (const bad of ['0300000000000000001', '18446744073709551616']) {
      expect(botGuildParamSchema.safeParse({ id: bad }).success).toBe(false);
      expect(botSyncSchema.safeParse({ syncId: 's', done: true, guilds: [{ id: bad, name: 'G', memberCount: 1 }] }).success).toBe(false);
      expect(parseSettingUpdate({ serverID: bad, section: 'logs', key: 'enabled', value: false }).ok).toBe(false);
      expect(parseSettingUpdate({ serverID: '300000000000000001', section: 'logs', key: 'channelID', value: bad }).ok).toBe(false);
      expect(addWhitelistedServerSchema.safeParse({ newServerID: bad }).success).toBe(false);
      expect(parseMessageLink(`https://discord.com/channels/300000000000000001/${bad}/600000000000000001`)).toBeNull();
      expect(parseMessageLink(`https://discord.com/channels/300000000000000001/500000000000001004/${bad}`)).toBeNull();
    }
    expect(botGuildParamSchema.safeParse({ id: MAX_SNOWFLAKE }).success).toBe(true);
    expect(SNOWFLAKE_PATTERN.test(MAX_SNOWFLAKE)).toBe(true);
    expect(parseMessageLink(`https://discord.com/channels/${MAX_SNOWFLAKE}/500000000000001004/600000000000000001`)?.guildID).toBe(MAX_SNOWFLAKE);
  });
});
