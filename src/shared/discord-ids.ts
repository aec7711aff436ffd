/**
 * A Discord id (snowflake) as Discord writes it: an unsigned 64-bit integer in decimal, 17 to 20 digits, with no
 * leading zero. '0123…' or a number past 2^64−1 names no Discord object, yet would pass a digits-only check and then
 * sit beside the real id as another key (a second presence row, a second known-missing id). Snowflakes stay strings
 * everywhere.
 */

/** The largest snowflake: 2^64 − 1. */
export const MAX_SNOWFLAKE = '18446744073709551615';

/** 20-digit numbers up to `max` (20 digits), digit by digit: each alternative keeps max's first digits and then goes below it. */
function twentyDigitsUpTo(max: string): string {
  const below = Array.from(max, (digit, index) => {
    const lowest = index === 0 ? 1 : 0;
    const highest = Number(digit) - 1;
    if (highest < lowest) return null;
    return `${max.slice(0, index)}[${lowest}-${highest}]\\d{${max.length - index - 1}}`;
  });
  return [...below.filter((alternative) => alternative !== null), max].join('|');
}

/** The snowflake's digits without anchors, for patterns that hold ids (a message link). */
export const SNOWFLAKE_DIGITS = `(?:[1-9]\\d{16,18}|${twentyDigitsUpTo(MAX_SNOWFLAKE)})`;

/** A whole value that is one snowflake. */
export const SNOWFLAKE_PATTERN = new RegExp(`^${SNOWFLAKE_DIGITS}$`);

export const isSnowflake = (value: string): boolean => SNOWFLAKE_PATTERN.test(value);
