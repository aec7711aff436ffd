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

/** A page's module: the page, and what it draws at some of its addresses from chunks of their own. */
export interface PageModule {
  default: ComponentType<PageProps>;
  /** Loads what the page draws at these params beyond its own module, so that it renders them without suspending. */
  preloadFor?: (params: PageProps['params']) => Promise<void> | undefined;
}

export interface LazyPage extends LazyComponent<PageProps> {
  /** The page's module, and what it draws at `params` (PageModule.preloadFor): the server and the hydrating client call it first. */
  preload(params?: PageProps['params']): Promise<void>;
}

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
export function pageOf(source: string, load: () => Promise<PageModule>): LazyPage {
  let page = pagesBySource.get(source);
  if (!page) {
    page = lazyPage(load);
    pagesBySource.set(source, page);
  }
  return page;
}

function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let module: PageModule | undefined;
  const component = lazyComponent(async () => (module ??= await load()));
  return { ...component, preload: (params = {}) => component.preload().then(() => module?.preloadFor?.(params)) };
}
