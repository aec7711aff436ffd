/**
 * When Discord does not answer, the last known copy of its data answers instead (see cache.ts). Each read
 * answers its data with when that copy was stored; an answer built on several reads is as old as the oldest.
 */

/** When the copy a read answered with was stored, or null when the data is live (Discord's, or young enough). */
export type DataAge = number | null;

export interface Aged<T> {
  value: T;
  asOf: DataAge;
}

/** The oldest of these ages: one stand-in copy makes the whole answer one. */
export function oldest(...ages: readonly DataAge[]): DataAge {
  let found: DataAge = null;
  for (const age of ages) if (age !== null) found = found === null ? age : Math.min(found, age);
  return found;
}

/** `stale: true, asOf` for an answer built on a last known copy; nothing when all of it was live. */
export const stalenessFields = (asOf: DataAge): { stale?: true; asOf?: number } => (asOf === null ? {} : { stale: true, asOf });
