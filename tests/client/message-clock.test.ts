import { describe, expect, it } from 'vitest';
import { messageClock } from '../../src/client/features/settings/message-clock';

const at = (hours: number, minutes: number) => new Date(2026, 10, 28, hours, minutes);

describe("the welcome preview's clock, as Discord writes it beside a message", () => {
  it('writes the hours of a 12-hour clock, midnight and noon as 12', () => {
    expect(messageClock(at(0, 0))).toBe('12:00 AM');
    expect(messageClock(at(0, 59))).toBe('12:59 AM');
    expect(messageClock(at(1, 0))).toBe('1:00 AM');
    expect(messageClock(at(11, 59))).toBe('11:59 AM');
    expect(messageClock(at(12, 0))).toBe('12:00 PM');
    expect(messageClock(at(13, 5))).toBe('1:05 PM');
    expect(messageClock(at(23, 59))).toBe('11:59 PM');
  });

  it('reads like en-US Intl, its spaces aside', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (const [hours, minutes] of [
      [0, 0],
      [9, 5],
      [12, 30],
      [21, 7],
    ] as const)
      expect(messageClock(at(hours, minutes))).toBe(intl.format(at(hours, minutes)).replace(/\s/gu, ' '));
  });
});
