/**
 * What a page's `route.ts` declares (src/client/pages/<id>/route.ts): its addresses, its title, the data its first
 * paint brings and, loaded with the page rather than with the route table, the rules that need heavier modules.
 * Small on purpose: every route module is in the entry chunk of every page.
 */
import type { ApiKey } from '../shared/api-keys';

export type Params = Readonly<Record<string, string>>;

/** A page's first-paint data: the SWR keys it reads by name, known from the route's params alone. */
export type PageKeys = Readonly<Record<string, ApiKey<unknown>>>;

type AnswerOf<K> = K extends ApiKey<infer T> ? T : never;

/** The answer under each of a page's keys. */
export type PageAnswers<K extends PageKeys> = { [N in keyof K]: AnswerOf<K[N]> };

/**
 * The rules of a route that need more than the route module may import (the settings registry), in a module of
 * the page's own folder: the Worker loads it before it answers, the page imports it.
 */
export interface RouteRules<K extends PageKeys = PageKeys> {
  /** The one spelling of a `:name` segment (null: no page has it); segments without one are kept as given. */
  canonicalParams?: Readonly<Record<string, (segment: string) => string | null>>;
  /** There is no such page for anyone: the Worker answers its 404 page, and so does the page in the browser. */
  notFound?: (params: Params) => boolean;
  /**
   * The title naming what the page shows, from its first-paint data (null: `title`). The server render uses it;
   * in the browser the page sets it once its data is there.
   */
  titleFrom?(params: Params, answers: Partial<PageAnswers<K>>): string | null;
}

export interface RouteDeclaration<K extends PageKeys = PageKeys> {
  /** Names the page; the libraries' ids are their names. */
  id: string;
  /** Exact paths, or patterns with `:name` segments. */
  paths: readonly string[];
  title: string;
  /** The search result's and the shared link's text (meta description, Open Graph, Twitter card). */
  description: string;
  /** Library pages have their own transparent header. */
  chrome: 'main' | 'music';
  /** Page requires admin rights (redirect to / otherwise). */
  adminOnly?: boolean;
  /** The page shows toasts, so the toast container loads as soon as the browser is idle after hydration (src/client/ui/LazyToaster.tsx). */
  toasts?: boolean;
  /**
   * The same HTML for everyone: built into a file at build time (scripts/prerender) and answered by the asset
   * server without running the Worker. Its data, and who is signed in, are asked for after hydration.
   */
  prerender?: boolean;
  /** The keys the Worker's loader (src/worker/pages/<id>.ts) fills for the first paint, and the page reads. */
  keys?: (params: Params) => K;
  /**
   * What the page draws at these params from chunks of their own (by their paths in the build manifest): the Worker
   * preloads them with the page's, and the page loads them before it renders (PageModule.preloadFor).
   */
  modules?: (params: Params) => readonly string[];
  rules?: () => Promise<RouteRules<K>>;
}

/** A route, as its module declares it: its keys keep their names and answer types for the loader and the page. */
export const defineRoute = <const R extends RouteDeclaration>(route: R): R => route;

/** A route whose first paint brings data: its loader and its page read the same named keys. */
export type RouteWithData<K extends PageKeys> = RouteDeclaration<K> & { keys: (params: Params) => K };

export const withHtml = (...paths: string[]): string[] => paths.flatMap((p) => [p, `${p}.html`]);

/** The route's rules (RouteRules), loaded with its page: none for most. */
export const routeRules = async (route: RouteDeclaration): Promise<RouteRules> => (await route.rules?.()) ?? {};

/** There is no page at these params for anyone (RouteRules.notFound). */
export const isMissingPage = async (route: RouteDeclaration, params: Params): Promise<boolean> => (await routeRules(route)).notFound?.(params) === true;

/** A page's first-paint data by the names its route gives its keys (what RouteRules.titleFrom reads). */
export function namedAnswers(route: RouteDeclaration, params: Params, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(route.keys?.(params) ?? {}).map(([name, key]) => [name, data[key]]));
}
