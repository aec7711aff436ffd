import { lazy, type ComponentType } from 'react';

export interface PageProps {
  params: Record<string, string>;
}

interface PageModule {
  default: ComponentType<PageProps>;
}

/**
 * A code-split page that can be loaded before rendering. The server and the hydrating client call
 * `preload()` first, so the page renders synchronously and hydration never meets a Suspense fallback;
 * client-side navigations fall back to React.lazy.
 */
export interface LazyPage {
  preload(): Promise<void>;
  Component: ComponentType<PageProps>;
}

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType<PageProps> | undefined;
  const Lazy = lazy(load);
  return {
    async preload() {
      loaded ??= (await load()).default;
    },
    Component(props: PageProps) {
      const Page = loaded ?? Lazy;
      return <Page {...props} />;
    },
  };
}
