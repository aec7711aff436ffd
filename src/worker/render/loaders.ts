/**
 * Running a page's first-paint loader (src/worker/pages/<id>.ts) for the renderer: found by its route's id, its
 * reads started before the session is confirmed, and held to a budget.
 */
import { ReadAhead } from '../discord/cache';
import { adminLoader } from '../pages/admin';
import { PageForbidden, PageNotFound, type LoaderContext, type PageLoad, type PageLoader } from '../pages/page-loader';
import { serverLoader } from '../pages/server';
import { serversLoader } from '../pages/servers';

type Fallback = Record<string, unknown>;
type Params = Readonly<Record<string, string>>;

/** The pages with data at first paint; the others have none. */
const PAGE_LOADERS: ReadonlyMap<string, PageLoader> = new Map([serversLoader, serverLoader, adminLoader].map((loader) => [loader.routeId, loader]));

/** The first-paint loader of the page `id`, if it has one. */
export const pageDataOf = (id: string): PageLoader | undefined => PAGE_LOADERS.get(id);

/**
 * Starts the reads the page's loader will make for the user the session cookie names (PageLoader's `readAhead`):
 * the KV reads run before the session's D1 lookup, and the D1 reads they allow share it. The loader uses what
 * they read only once the session is confirmed.
 */
export function readAheadFor(page: PageLoader | undefined, env: Env, userId: string, params: Params) {
  if (!page?.readAhead) return undefined;
  const readAhead = new ReadAhead(env.CACHE);
  return { readAhead, alongside: page.readAhead(env, readAhead, userId, params) };
}

/** A slow upstream (Discord) must not hold the first paint: past this, the page renders and fetches itself. */
export const LOADER_BUDGET_MS = 2500;

/**
 * Microtask turns a loader may take before its budget's timer is armed. A loader whose reads were all made ahead
 * (the session's D1 batch, the KV reads) answers within them (`/server/{id}`'s in 20), and a timer and its clearing
 * cost the page 15 µs (docs/performance.md); one waiting for I/O gets its full budget from the turn it is found waiting.
 */
export const LOADER_SETTLE_TURNS = 50;

/** The work's outcome if it settles within LOADER_SETTLE_TURNS microtask turns, else undefined (it goes on). */
async function settledAtOnce<T>(work: Promise<T>): Promise<PromiseSettledResult<T> | undefined> {
  let outcome: PromiseSettledResult<T> | undefined;
  void work.then(
    (value) => (outcome = { status: 'fulfilled', value }),
    (reason: unknown) => (outcome = { status: 'rejected', reason }),
  );
  for (let turn = 0; turn < LOADER_SETTLE_TURNS && outcome === undefined; turn++) await Promise.resolve();
  return outcome;
}

/** The loader's answer, or nothing once the budget is spent; then its remaining Discord calls are aborted. */
export async function withinBudget(key: string, run: (signal: AbortSignal) => Promise<Fallback>, budgetMs = LOADER_BUDGET_MS): Promise<Fallback> {
  const controller = new AbortController();
  const work = run(controller.signal).catch((error: unknown) => {
    if (error instanceof PageNotFound || error instanceof PageForbidden) throw error;
    if (!controller.signal.aborted) console.error(`loader ${key} failed`, error);
    return {};
  });
  const early = await settledAtOnce(work);
  if (early?.status === 'fulfilled') return early.value;
  if (early) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Fallback>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`loader ${key} took longer than ${budgetMs} ms; the page will fetch on the client`);
      controller.abort(new Error(`loader ${key} ran out of its ${budgetMs} ms budget`));
      resolve({});
    }, budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The page's first-paint data (none for a page without a loader), within the budget. */
export async function loadPage(id: string, load: PageLoad | undefined, context: Omit<LoaderContext, 'signal'>): Promise<Fallback> {
  return load ? withinBudget(id, (signal) => load({ ...context, signal })) : {};
}
