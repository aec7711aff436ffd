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

export const lazyPage = (load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage => lazyComponent(load);
