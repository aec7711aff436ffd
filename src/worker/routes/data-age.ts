import type { DataAge } from '../discord/data-age';

/** An answer built on a last known copy of Discord's data (Discord is down) says since when, in a header too. */
export const dataAgeHeaders = (asOf: DataAge | undefined): Record<string, string> =>
  asOf === null || asOf === undefined ? {} : { 'X-Data-As-Of': new Date(asOf).toISOString() };
