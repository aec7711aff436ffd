import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig, type Cache, type Middleware } from 'swr';
import { FirstPaintData } from '../../../src/client/first-paint-data';
import { LocationProvider } from '../../../src/client/navigation';
import { loadRouteTable } from '../../../src/client/route-table';
import { SessionProvider } from '../../../src/client/session/SessionProvider';
import type { CheckAuthResponse } from '../../../src/shared/account';
import { apiKeys } from '../../../src/shared/api-keys';
import { useLinkNavigation } from '../../../src/client/useLinkNavigation';
import { browserHistory } from './browser-history';

interface Options {
  path?: string;
  fallback?: Record<string, unknown>;
  /** Answers SWR's fetches (revalidations) and the session's question; by default they never settle, so the fallback stays. */
  fetcher?: (key: string) => Promise<unknown>;
  /** SWR's cache, for a test that looks at what stays in it (by default a fresh one it cannot see). */
  cache?: Map<string, unknown>;
}

// The router has loaded, as it has once the visitor has shown an intent towards a link (src/client/route-table.ts):
// a click then moves the app at once. Before that, a click waits for it (tests/client/route-table.test.tsx).
await loadRouteTable();

/** The app's links are plain anchors that App's Shell makes client-side navigations; here as in the app. */
function LinkNavigation() {
  useLinkNavigation();
  return null;
}

/** Every SWR hook's fetches go to `fetcher` instead of the app's (src/client/hooks/useApi.ts). */
const answeredBy =
  (fetcher: (key: string) => Promise<unknown>): Middleware =>
  (useSWRNext) =>
  (key, appFetcher, config) =>
    // The test's answer is whatever the test gives for the key asked.
    useSWRNext(key, fetcher as typeof appFetcher, config);

/** Renders a component inside the app's router, its first-paint data and an isolated SWR cache. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', fallback = {}, fetcher = () => new Promise<never>(() => undefined), cache = new Map<string, unknown>() }: Options = {},
) {
  const location = browserHistory(path);
  const result = render(
    <LocationProvider>
      <FirstPaintData value={fallback}>
        <SessionProvider ask={() => fetcher(apiKeys.checkAuth) as Promise<CheckAuthResponse>}>
          <SWRConfig value={{ provider: () => cache as Cache, use: [answeredBy(fetcher)] }}>
            <LinkNavigation />
            {ui}
          </SWRConfig>
        </SessionProvider>
      </FirstPaintData>
    </LocationProvider>,
  );
  return { ...result, location };
}
