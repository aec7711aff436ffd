import { lazy, type ComponentType } from 'react';

export interface PageProps {
  params: Record<string, string>;
}

/** A component's module: the component, and what it draws at some params from chunks of their own (a page's module view). */
export interface ComponentModule<P extends object> {
  default: ComponentType<P>;
  /** Loads what it draws at these params beyond its own module, so that it renders them without suspending. */
  preloadFor?: (params: PageProps['params']) => Promise<void> | undefined;
}

/**
 * A code-split component that can be loaded before rendering. The server and the hydrating client call
 * `preload()` first (with the page's params: what it draws there too), so it renders synchronously and hydration
 * never meets a Suspense fallback; later renders that were not preloaded fall back to React.lazy.
 */
export interface LazyComponent<P extends object> {
  preload(params?: PageProps['params']): Promise<void>;
  /** Preloaded: renders without suspending. */
  isLoaded(): boolean;
  Component: ComponentType<P>;
}

export type PageModule = ComponentModule<PageProps>;
export type LazyPage = LazyComponent<PageProps>;

export function lazyComponent<P extends object>(load: () => Promise<ComponentModule<P>>): LazyComponent<P> {
  // Kept once loaded: an `import()` of a module already loaded still costs the Worker 10–15 µs a call, on every page.
  let loaded: ComponentModule<P> | undefined;
  const Lazy = lazy(load);
  return {
    async preload(params = {}) {
      loaded ??= await load();
      await loaded.preloadFor?.(params);
    },
    isLoaded: () => loaded !== undefined,
    Component(props: P) {
      const Loaded = loaded?.default ?? Lazy;
      return <Loaded {...props} />;
    },
  };
}

const pagesBySource = new Map<string, LazyPage>();

/**
 * The one page of a module (`source`, its path in the build manifest), however it is first reached: the data island
 * names it by its built file, the route table by its import. A move between two addresses of it keeps it mounted.
 */
export function pageOf(source: string, load: () => Promise<PageModule>): LazyPage {
  let page = pagesBySource.get(source);
  if (!page) {
    page = lazyComponent(load);
    pagesBySource.set(source, page);
  }
  return page;
}
