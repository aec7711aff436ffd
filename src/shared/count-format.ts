/**
 * A whole number as en-US writes it (1,234,567). The first Intl.NumberFormat a page makes loads the ICU data: 60–115 ms
 * on Chromium at 4× CPU throttling, before the page is interactive. Counts are whole numbers, whose grouping needs no
 * locale data; anything else goes to Intl, made the first time it is needed.
 */
let intl: Intl.NumberFormat | undefined;

export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (intl ??= new Intl.NumberFormat('en-US')).format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(?:\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
