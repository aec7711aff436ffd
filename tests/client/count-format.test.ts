import { describe, expect, it, vi } from 'vitest';
import { formatCount } from '../../src/shared/count-format';

const intl = new Intl.NumberFormat('en-US');

describe('formatCount', () => {
  // First, while the module has made no formatter: a whole number never makes one (the ICU data is what it saves).
  it('makes no Intl.NumberFormat for a whole number', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'NumberFormat');
    const fresh = await import('../../src/shared/count-format');
    expect(fresh.formatCount(1234567)).toBe('1,234,567');
    expect(made).not.toHaveBeenCalled();
    expect(fresh.formatCount(0.5)).toBe('0.5');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });

  it('groups whole numbers by thousands, as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('-1,000');
    expect(formatCount(-999)).toBe('-999');
  });

  it('writes every whole number as Intl.NumberFormat does, at the edges of each group', () => {
    const edges = [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (const n of edges.flatMap((e) => [e, -e])) expect(formatCount(n)).toBe(intl.format(n));
  });

  it('leaves what is not a safe whole number to Intl', () => {
    for (const n of [1.5, 1234.5678, -0.25, Number.MAX_SAFE_INTEGER + 2, Infinity, Number.NaN]) expect(formatCount(n)).toBe(intl.format(n));
  });
});
