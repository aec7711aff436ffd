/**
 * When Discord does not answer, the last known copy of its data answers instead (see cache.ts). This records,
 * for the request under way, how old the oldest such copy was, so the answer can say it is not live.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Staleness {
  asOf: number | null;
}

const current = new AsyncLocalStorage<Staleness>();

/** Runs one request's work with its own record. */
export const trackStaleness = <T>(work: () => Promise<T>): Promise<T> => current.run({ asOf: null }, work);

export function noteStale(storedAt: number): void {
  const record = current.getStore();
  if (record) record.asOf = record.asOf === null ? storedAt : Math.min(record.asOf, storedAt);
}

/** The time of the oldest stand-in copy used so far in this request, or null when everything was live. */
export const staleAsOf = (): number | null => current.getStore()?.asOf ?? null;

/** `stale: true, asOf` for an answer built on a last known copy; nothing when all of it was live. */
export function stalenessFields(): { stale?: true; asOf?: number } {
  const asOf = staleAsOf();
  return asOf === null ? {} : { stale: true, asOf };
}
