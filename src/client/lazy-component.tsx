import { lazy, type ComponentType } from 'react';

export interface PageProps {
  params: Record<string, string>;
}

/**
 * A code-split component that can be loaded before rendering. The server and the hydrating client call
 * `preload()` first, so it renders synchronously and hydration never meets a Suspense fallback;
 * later renders that were not preloaded fall back to React.lazy.
 */
export interface LazyComponent<P extends object> {
  preload(): Promise<void>;
  /** Preloaded: renders without suspending. */
  isLoaded(): boolean;
  Component: ComponentType<P>;
}

export type LazyPage = LazyComponent<PageProps>;

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  return {
    async preload() {
      loaded ??= (await load()).default;
    },
    isLoaded: () => loaded !== undefined,
    Component(props: P) {
      const Loaded = loaded ?? Lazy;
      return <Loaded {...props} />;
    },
  };
}

const pagesBySource = new Map<string, LazyPage>();

/**
 * The one page of a module (`source`, its path in the build manifest), however it is first reached: the data island
 * names it by its built file, the route table by its import. A move between two addresses of it keeps it mounted.
 */
export function pageOf(source: string, load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  let page = pagesBySource.get(source);
  if (!page) {
    page = lazyComponent(load);
    pagesBySource.set(source, page);
  }
  return page;
}
