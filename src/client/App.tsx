import { Suspense, useEffect, useLayoutEffect } from 'react';
import { SWRConfig } from 'swr';
import { Router, useLocation } from 'wouter';
import { getJson } from './api';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LazyToaster } from './ui/LazyToaster';
import { MusicHeader } from './layout/MusicHeader';
import { useLinkNavigation } from './useLinkNavigation';
import { useTheme } from './hooks/useTheme';
import { matchAppRoute, NOT_FOUND_ROUTE } from './routes';

export interface AppProps {
  /** Set on the server; the browser reads its own location. */
  ssrPath?: string;
  ssrSearch?: string;
  fallback: Record<string, unknown>;
  /** The server answered this path with its 404 page (see src/worker/render/loaders.ts). */
  notFound?: boolean;
}

export function App({ ssrPath, ssrSearch, fallback, notFound = false }: AppProps) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <SWRConfig
        value={{
          fallback,
          fetcher: getJson,
          // The server already sent this data: do not fetch it again on hydration.
          revalidateIfStale: false,
          revalidateOnFocus: false,
          onError: (error: unknown) => console.error(error),
        }}
      >
        <Shell notFoundAt={notFound ? (ssrPath ?? window.location.pathname) : null} />
      </SWRConfig>
    </Router>
  );
}

/** `notFoundAt`: the path the server answered with its 404 page; other paths render their own route. */
function Shell({ notFoundAt }: { notFoundAt: string | null }) {
  const [location] = useLocation();
  const [theme] = useTheme();
  useLinkNavigation();
  const matched = matchAppRoute(location);
  const { route, params } = location === notFoundAt ? { route: NOT_FOUND_ROUTE, params: {} } : matched;
  const Page = route.page.Component;

  // Before the page's own effects, which may name what it shows more precisely (AppRoute.titleFrom).
  useLayoutEffect(() => {
    document.title = route.title;
  }, [route]);

  const music = route.chrome === 'music';
  return (
    <div className={`app-shell ${music ? 'relative' : 'flex flex-col'}`}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {music ? <MusicHeader title={location.includes('glaive') ? 'Glaive Library' : 'Kenji Library'} /> : <Header />}
      <main id="main" className="flex-1">
        <Suspense
          fallback={
            <p className="p-8 text-center text-gray-500" role="status">
              Loading…
            </p>
          }
        >
          <Page params={params} />
          <HydratedFlag />
        </Suspense>
      </main>
      {!music && <Footer currentRouteId={route.id} />}
      <LazyToaster theme={theme} pageToasts={route.toasts === true} />
    </div>
  );
}

/** Marks the document once the page itself has hydrated (its effects run with this sibling's); tests wait for it. */
function HydratedFlag() {
  useEffect(() => {
    document.documentElement.dataset.clientLoaded = 'true';
  }, []);
  return null;
}
