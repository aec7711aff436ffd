import { useEffect, useLayoutEffect } from 'react';
import { FirstPaintData } from './first-paint-data';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LazyToaster } from './ui/LazyToaster';
import { MusicHeader } from './layout/MusicHeader';
import { SessionProvider } from './session/SessionProvider';
import { LocationProvider, useLocation } from './navigation';
import { useLinkNavigation } from './useLinkNavigation';
import { useTheme } from './hooks/useTheme';
import { matchAppRoute, NOT_FOUND_ROUTE } from './routes';

export interface AppProps {
  /** Set on the server; the browser reads its own location. */
  ssrPath?: string;
  /** The query without its `?` (every caller passes it so). */
  ssrSearch?: string;
  fallback: Record<string, unknown>;
  /** The server answered this path with its 404 page (see src/worker/render/loaders.ts). */
  notFound?: boolean;
}

export function App({ ssrPath, ssrSearch, fallback, notFound = false }: AppProps) {
  const at = { ...(ssrPath === undefined ? {} : { path: ssrPath }), ...(ssrSearch === undefined ? {} : { search: ssrSearch }) };
  return (
    <LocationProvider at={at}>
      <FirstPaintData value={fallback}>
        <SessionProvider>
          <Shell notFoundAt={notFound ? (ssrPath ?? window.location.pathname) : null} />
        </SessionProvider>
      </FirstPaintData>
    </LocationProvider>
  );
}

/**
 * `notFoundAt`: the path the server answered with its 404 page; other paths render their own route. The page has no
 * Suspense boundary of its own: its code is loaded before the server renders it and before the browser hydrates it
 * (one hydration pass with the rest of the shell), and a move to another page waits for that page's code in a
 * transition (src/client/navigation.tsx).
 */
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
        <Page params={params} />
      </main>
      {!music && <Footer currentRouteId={route.id} />}
      <LazyToaster theme={theme} pageToasts={route.toasts === true} />
      <HydratedFlag />
    </div>
  );
}

/** Marks the document once the app has hydrated (its effects run after the page's); tests wait for it. */
function HydratedFlag() {
  useEffect(() => {
    document.documentElement.dataset.clientLoaded = 'true';
  }, []);
  return null;
}
