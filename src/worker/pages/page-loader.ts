/**
 * A page's first-paint loader (src/worker/pages/<id>.ts): it fills exactly the keys its route declares
 * (src/client/pages/<id>/route.ts), each with that key's own answer type, or none of them.
 */
import type { PageAnswers, PageKeys, Params, RouteWithData } from '../../client/page-route';
import type { BatchRead } from '../db/batch';
import { mapRead } from '../db/batch';
import type { ReadAhead } from '../discord/cache';
import type { ActiveSession } from '../hono-env';

export interface LoaderContext {
  env: Env;
  session: ActiveSession | undefined;
  params: Params;
  /** The KV reads started before the session was confirmed (readAheadFor, src/worker/render/loaders.ts). */
  readAhead?: ReadAhead | undefined;
  /** Aborted when the page stops waiting (the budget ran out): Discord calls still under way are dropped. */
  signal: AbortSignal;
}

type Fallback = Record<string, unknown>;

interface LoaderSpec<K extends PageKeys, A> {
  /**
   * For the user the session cookie names: starts the KV reads the loader will make and, when their answers
   * allow, gives the loader's D1 reads, which then share the session row's round trip (`ahead` once it is live).
   */
  readAhead?: (env: Env, readAhead: ReadAhead, userId: string, params: Params) => Promise<BatchRead<A> | undefined>;
  /** Every key's answer, or none (undefined) for a visitor it has nothing for: the page then fetches, or asks to log in. */
  load: (context: LoaderContext & { ahead?: A | undefined }) => Promise<PageAnswers<K> | undefined>;
}

/** A page's loader, ready to run: the SWR keys it fills and their answers. */
export type PageLoad = (context: LoaderContext) => Promise<Fallback>;

/** A page's loader with its names erased: what the renderer runs. */
export interface PageLoader {
  routeId: string;
  keys: (params: Params) => readonly string[];
  /** Its reads ahead (LoaderSpec), whose result is the loader bound to what they read. */
  readAhead?: ((env: Env, readAhead: ReadAhead, userId: string, params: Params) => Promise<BatchRead<PageLoad> | undefined>) | undefined;
  load: PageLoad;
}

/** The loader of `route`'s first paint: its answers go under the route's keys, by name. */
export function pageLoader<K extends PageKeys, A = never>(route: RouteWithData<K>, spec: LoaderSpec<K, A>): PageLoader {
  const load = async (context: LoaderContext & { ahead?: A | undefined }) => {
    const keys = route.keys(context.params);
    const answers: Fallback = (await spec.load(context)) ?? {};
    return Object.fromEntries(Object.entries(answers).flatMap(([name, answer]) => (keys[name] === undefined ? [] : [[keys[name], answer]])));
  };
  const readAhead = spec.readAhead;
  return {
    routeId: route.id,
    keys: (params) => Object.values(route.keys(params)),
    readAhead:
      readAhead &&
      (async (env, started, userId, params) => {
        const reads = await readAhead(env, started, userId, params);
        return (
          reads &&
          mapRead(
            reads,
            (ahead): PageLoad =>
              (context) =>
                load({ ...context, ahead }),
          )
        );
      }),
    load,
  };
}

/** A loader's verdict that this visitor may not see the page: it renders with this data (which says why) and 403. */
export class PageForbidden extends Error {
  constructor(readonly fallback: Fallback) {
    super('This visitor may not see this page');
    this.name = 'PageForbidden';
  }
}

/** A loader's verdict that the page does not exist for this visitor: rendered as the 404 page. */
export class PageNotFound extends Error {
  constructor() {
    super('No such page for this visitor');
    this.name = 'PageNotFound';
  }
}
