/**
 * Miniflare's rate-limit windows are aligned to the wall clock (floor(now / period)). A test that counts
 * what one window allows waits, when needed, so its next `needMs` fall inside a single window.
 */
export async function insideOneWindow(periodSeconds: number, needMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
