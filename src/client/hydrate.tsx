import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { publicApiKeys } from '../shared/public-api-keys';
import type { CheckAuthResponse } from '../shared/account';
import { App } from './App';
import { accountMenu } from './layout/Header';
import { readIsland } from './data-island';
import { matchAppRoute, NOT_FOUND_ROUTE } from './routes';
import { toaster } from './ui/LazyToaster';

// Load the current page's chunk (and the account menu's, when logged in) before hydrating, so the first
// client render matches the server HTML. The toast container too, on a page that toasts: it mounts right after
// hydration, and a Suspense fallback shown then would hold the page's own hydration back by React's 300 ms
// throttle of revealed content. Their modules are already fetched (src/worker/render/assets.ts).
export function hydrateApp(): void {
  const { fallback, notFound = false, prerendered = false } = readIsland(document);
  const { route } = notFound ? { route: NOT_FOUND_ROUTE } : matchAppRoute(window.location.pathname);
  const auth = fallback[publicApiKeys.checkAuth] as CheckAuthResponse | undefined;
  void Promise.all([route.page.preload(), auth?.authenticated ? accountMenu.preload() : undefined, route.toasts === true ? toaster.preload() : undefined]).then(
    () => {
      const root = document.getElementById('root');
      if (root) {
        hydrateRoot(
          root,
          <StrictMode>
            {/* A prerendered page hydrates as it was built, without the query; a query it reads (a library folder) applies right after. */}
            <App fallback={fallback} notFound={notFound} ssrSearch={prerendered ? '' : undefined} />
          </StrictMode>,
        );
      }
    },
  );
}
