import { defineRoute, withHtml } from '../../page-route';

// One page, two libraries: each route's id is its library's name. Neither sets `toasts`: the page loads sonner and
// the toast container once it is idle after hydration (features/library/library-toasts.ts), not before it.
export const kenjiRoute = defineRoute({
  id: 'kenji',
  paths: withHtml('/kenji'),
  title: 'Kenji Library | ServerManager',
  description: 'Browse, search, play and download the songs of the Kenji Library.',
  chrome: 'music',
});

export const glaiveRoute = defineRoute({
  id: 'glaive',
  paths: withHtml('/glaive'),
  title: 'Glaive Library | ServerManager',
  description: 'Browse, search, play and download the songs of the Glaive Library.',
  chrome: 'music',
});
