/**
 * Miniflare's rate-limit windows are aligned to the wall clock (floor(now / period)), so a count of what
 * one window allows is only meaningful when the whole count ran inside one window.
 */
const windowOf = (periodMs: number) => Math.floor(Date.now() / periodMs);

export async function insideOneWindow(periodSeconds: number, needMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Runs `count` (with a fresh attempt number, so it can use a fresh client key) until one run starts and
 * ends in the same window; a slow machine that crosses a boundary gets another try instead of a wrong count.
 */
export async function countedInOneWindow<T>(periodSeconds: number, count: (attempt: number) => Promise<T>): Promise<T> {
  const periodMs = periodSeconds * 1000;
  for (let attempt = 0; attempt < 3; attempt++) {
    await insideOneWindow(periodSeconds, Math.min(periodMs / 2, 10_000));
    const started = windowOf(periodMs);
    const result = await count(attempt);
    if (windowOf(periodMs) === started) return result;
  }
  throw new Error(`three counts in a row crossed a ${periodSeconds} s rate-limit window`);
}
