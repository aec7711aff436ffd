import type { ApiKey } from '../shared/api-keys';

/** How the browser asks the API for a JSON resource: with the session cookie, for JSON. */
export const JSON_GET: RequestInit = { credentials: 'same-origin', headers: { accept: 'application/json' } };

/**
 * A read whose failure needs no code of the API's (who is signed in, the landing page's figures): the answer, or an
 * error naming the status. The shell every page loads carries it alone; the reads that show the API's refusals use
 * ./api.ts, which the pages that make them load.
 */
export async function getPublicJson<T>(key: ApiKey<T>): Promise<T> {
  const response = await fetch(key, JSON_GET);
  if (!response.ok) throw new Error(`${key} answered ${response.status}`);
  return (await response.json()) as T;
}
