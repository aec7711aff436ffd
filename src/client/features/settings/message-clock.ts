/**
 * The time Discord shows beside a message, as en-US writes it ("9:05 PM"). Written by hand: the first
 * Intl.DateTimeFormat a page builds loads its locale data, 55–65 ms of a phone-class main thread (Chromium at 4×
 * CPU throttling) before the welcome module's page is interactive (docs/performance.md).
 */
export function messageClock(at: Date): string {
  const hours = at.getHours();
  return `${hours % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
