import { defineRoute, withHtml } from '../../page-route';

// One page, two libraries: each route's id is its library's name.
export const kenjiRoute = defineRoute({
  id: 'kenji',
  paths: withHtml('/kenji'),
  title: 'Kenji Library | ServerManager',
  description: 'Browse, search, play and download the songs of the Kenji Library.',
  chrome: 'music',
  toasts: true,
});

export const glaiveRoute = defineRoute({
  id: 'glaive',
  paths: withHtml('/glaive'),
  title: 'Glaive Library | ServerManager',
  description: 'Browse, search, play and download the songs of the Glaive Library.',
  chrome: 'music',
  toasts: true,
});
