import { describe, expect, it } from 'vitest';
import { oldest, stalenessFields } from '../../src/worker/discord/data-age';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 22, 0);

describe('the age of an answer built on several reads', () => {
  it('is the oldest of two stand-in copies, whichever came first', () => {
    expect(oldest(NOW - 2 * HOUR, NOW - HOUR)).toBe(NOW - 2 * HOUR);
    expect(oldest(NOW - HOUR, NOW - 2 * HOUR)).toBe(NOW - 2 * HOUR);
  });

  it('is the stand-in copy when the other reads were live, wherever it sits', () => {
    expect(oldest(null, NOW - HOUR)).toBe(NOW - HOUR);
    expect(oldest(NOW - HOUR, null)).toBe(NOW - HOUR);
    expect(oldest(null, NOW - HOUR, null)).toBe(NOW - HOUR);
  });

  it('is live when every read was, or there was none', () => {
    expect(oldest(null, null)).toBeNull();
    expect(oldest()).toBeNull();
  });

  it('says stale and since when only for a stand-in copy', () => {
    expect(stalenessFields(NOW - HOUR)).toEqual({ stale: true, asOf: NOW - HOUR });
    expect(stalenessFields(null)).toEqual({});
  });
});
