import { describe, expect, it } from 'vitest';
import { formatUtcDate } from '../../src/shared/utc-date';

const DAY_MS = 86_400_000;
const intl = {
  short: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
};

describe('formatUtcDate', () => {
  it('writes a date as en-US does in UTC', () => {
    expect(formatUtcDate(Date.UTC(2026, 10, 28), 'short')).toBe('Nov 28, 2026');
    expect(formatUtcDate(Date.UTC(2026, 8, 1), 'short')).toBe('Sep 1, 2026');
    expect(formatUtcDate(Date.UTC(2026, 10, 28), 'long')).toBe('November 28, 2026');
    // The last millisecond of a UTC day is still that day, wherever the machine is.
    expect(formatUtcDate(Date.UTC(2027, 0, 1) - 1, 'long')).toBe('December 31, 2026');
    expect(formatUtcDate(new Date(Date.UTC(2028, 1, 29, 12)), 'short')).toBe('Feb 29, 2028');
  });

  it('agrees with Intl on every day of three years, a leap year among them', () => {
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2029, 0, 1); at += DAY_MS) {
      expect(formatUtcDate(at, 'short')).toBe(intl.short.format(at));
      expect(formatUtcDate(at, 'long')).toBe(intl.long.format(at));
    }
  });
});
