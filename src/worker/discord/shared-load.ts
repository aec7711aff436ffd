/**
 * Discord loads under way in this isolate, shared by the requests that need the same answer meanwhile: 64 page
 * loads of one user with a cold cache send one call to `/users/@me/guilds` (which Discord allows once a second)
 * instead of 64, 63 of them 429s that count towards Discord's limit on invalid requests.
 *
 * A load runs to its end under the request that started it (`waitUntil`), whoever stops waiting: the requests
 * that joined it await a promise made in another request's context, which workerd resumes in their own
 * (handle_cross_request_promise_resolution, the default since 2024-10-14) only while that context lives.
 */
import { waitUntil } from 'cloudflare:workers';

const underWay = new Map<string, Promise<unknown>>();

/** `run()`'s promise, or the one already under way for `key`; forgotten once it settles, so a failure is not kept. */
export function sharedLoad<T>(key: string, run: () => Promise<T>): Promise<T> {
  const current = underWay.get(key) as Promise<T> | undefined;
  if (current !== undefined) return current;
  const load = run().finally(() => {
    if (underWay.get(key) === load) underWay.delete(key);
  });
  underWay.set(key, load);
  waitUntil(load.catch(() => undefined));
  return load;
}

/** How many loads are under way (for tests). */
export const sharedLoadsUnderWay = (): number => underWay.size;

/** `work`'s outcome, or the signal's reason as soon as it aborts: the caller stops waiting, the work goes on. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(toError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(toError(signal.reason));
    signal.addEventListener('abort', leave, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** Why a signal was aborted, as an Error (AbortSignal.abort() gives a DOMException, which is one). */
function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('The request was aborted.');
}
