import { defineRoute } from '../../page-route';

/** No address of its own: the page of every address no other route has, and of a loader's 404. */
export const notFoundRoute = defineRoute({
  id: 'not-found',
  paths: [],
  title: 'Page Not Found | ServerManager',
  description: 'There is no page at this address on ServerManager.',
  chrome: 'main',
});
