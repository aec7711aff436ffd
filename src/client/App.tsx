import { use, useEffect, useLayoutEffect, useState } from 'react';
import type { ShellRouteFields } from './data-island';
import { FirstPaintData } from './first-paint-data';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { LazyToaster } from './ui/LazyToaster';
import { SessionProvider } from './session/SessionProvider';
import { LocationProvider, useLocation } from './navigation';
import { useLinkNavigation } from './useLinkNavigation';
import { useTheme } from './hooks/useTheme';
import type { LazyPage } from './lazy-component';
import { loadedRouteTable, loadRouteTable } from './route-table';

export interface AppProps {
  /** Set on the server; the browser reads its own location. */
  ssrPath?: string;
  /** The query without its `?` (every caller passes it so). */
  ssrSearch?: string;
  fallback: Record<string, unknown>;
  /** The page the server rendered at the first address (its 404 page where it answered with one), its code loaded. */
  first: ShownPage;
}

/** A route as the shell shows it. */
export interface ShellRoute extends ShellRouteFields {
  page: LazyPage;
}

export interface ShownPage {
  route: ShellRoute;
  params: Record<string, string>;
}

export function App({ ssrPath, ssrSearch, fallback, first }: AppProps) {
  const at = { ...(ssrPath === undefined ? {} : { path: ssrPath }), ...(ssrSearch === undefined ? {} : { search: ssrSearch }) };
  return (
    <LocationProvider at={at}>
      <FirstPaintData value={fallback}>
        <SessionProvider>
          <Shell first={first} />
        </SessionProvider>
      </FirstPaintData>
    </LocationProvider>
  );
}

/**
 * The page at `location`: at the first address, the one the server rendered; elsewhere the route table's, which a
 * move to another page waits for in its transition (src/client/navigation.tsx) if it has not loaded yet.
 */
function useShownPage(location: string, first: ShownPage): ShownPage {
  const [firstPath] = useState(location);
  if (location === firstPath) return first;
  return (loadedRouteTable() ?? use(loadRouteTable())).matchAppRoute(location);
}

/**
 * The page has no Suspense boundary of its own: its code is loaded before the server renders it and before the
 * browser hydrates it (one hydration pass with the rest of the shell), and a move to another page waits for that
 * page's code in a transition (src/client/navigation.tsx).
 */
function Shell({ first }: { first: ShownPage }) {
  const [location] = useLocation();
  const [theme] = useTheme();
  useLinkNavigation();
  const { route, params } = useShownPage(location, first);
  const Page = route.page.Component;

  // Before the page's own effects, which may name what it shows more precisely (AppRoute.titleFrom).
  useLayoutEffect(() => {
    document.title = route.title;
  }, [route]);
  // Marks the document once the app has hydrated: a parent's effects run after its children's, the page's among them.
  // Tests wait for it, and so does the replay of clicks made before (src/client/early-clicks.ts).
  useEffect(() => {
    document.documentElement.dataset.clientLoaded = 'true';
  }, []);

  const music = route.chrome === 'music';
  return (
    <div className={`app-shell ${music ? 'relative' : 'flex flex-col'}`}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {/* A page with the music chrome draws its own header and main (src/client/layout/MusicHeader.tsx): only it needs them. */}
      {music ? (
        <Page params={params} />
      ) : (
        <>
          <Header />
          <main id="main" className="flex-1">
            <Page params={params} />
          </main>
          <Footer currentRouteId={route.id} />
        </>
      )}
      <LazyToaster theme={theme} pageToasts={route.toasts === true} />
    </div>
  );
}
