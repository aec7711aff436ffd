import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { publicApiKeys } from '../shared/public-api-keys';
import type { CheckAuthResponse } from '../shared/account';
import { App, type ShownPage } from './App';
import { accountMenu } from './layout/Header';
import { readIsland, type IslandPage } from './data-island';
import { pageOf, type PageProps } from './lazy-component';

/** The page the server names in its island, its module loaded by the URL the server gives (the build's chunk). */
const islandPage = ({ route, params, source, module }: IslandPage): ShownPage => ({
  route: { ...route, page: pageOf(source, () => import(/* @vite-ignore */ module) as Promise<{ default: ComponentType<PageProps> }>) },
  params,
});

// Load the current page's chunk (and the account menu's, when logged in) before hydrating, so the first
// client render matches the server HTML. Their modules are already fetched (src/worker/render/assets.ts). The toast
// container is not among them: it loads after hydration (src/client/ui/LazyToaster.tsx).
export function hydrateApp(): void {
  const island = readIsland(document);
  if (!island) return;
  const { fallback, prerendered = false } = island;
  const first = islandPage(island.page);
  const auth = fallback[publicApiKeys.checkAuth] as CheckAuthResponse | undefined;
  void Promise.all([first.route.page.preload(first.params), auth?.authenticated ? accountMenu.preload() : undefined]).then(() => {
    const root = document.getElementById('root');
    // A prerendered page hydrates as it was built, without the query; a query it reads (a library folder) applies right after.
    const app = <App fallback={fallback} first={first} ssrSearch={prerendered ? '' : undefined} />;
    if (root) {
      hydrateRoot(
        root,
        // StrictMode's checks run in development only: the build leaves it out.
        import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app,
      );
    }
  });
}
