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

interface LoadUnderWay {
  promise: Promise<unknown>;
  /** When requests that joined it stop waiting (see JOINED_LOAD_DEADLINE_MS). */
  deadline: number;
}

const underWay = new Map<string, LoadUnderWay>();

/**
 * How long after a load's start the requests that joined it wait. `waitUntil` keeps a load alive until 30 s after its
 * starter has answered; a longer one (Discord timing out on every attempt, with rate-limit waits between) would leave
 * its joiners waiting for a promise that never settles, which workerd answers with a 500.
 */
export const JOINED_LOAD_DEADLINE_MS = 30_000;

export interface SharedLoadOptions {
  /** What a joined request fails with past the deadline. */
  late: () => Error;
  deadlineMs?: number;
}

/** `run()`'s promise, or the one already under way for `key`; forgotten once it settles, so a failure is not kept. */
export function sharedLoad<T>(key: string, run: () => Promise<T>, { late, deadlineMs = JOINED_LOAD_DEADLINE_MS }: SharedLoadOptions): Promise<T> {
  const current = underWay.get(key);
  if (current !== undefined) return joined(current.promise as Promise<T>, current.deadline, late);
  const promise = run().finally(() => {
    if (underWay.get(key)?.promise === promise) underWay.delete(key);
  });
  underWay.set(key, { promise, deadline: Date.now() + deadlineMs });
  waitUntil(promise.catch(() => undefined));
  return promise;
}

function joined<T>(promise: Promise<T>, deadline: number, late: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), Math.max(0, deadline - Date.now()));
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Whether a load for `key` is under way in this isolate: joining it costs no Discord call. */
export const loadUnderWay = (key: string): boolean => underWay.has(key);

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
