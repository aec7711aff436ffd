import { apiKeys } from '../../../shared/api-keys';
import { defineRoute } from '../../page-route';

export const serverRoute = defineRoute({
  id: 'server',
  // The overview, and one module per address.
  paths: ['/server/:serverId', '/server/:serverId/:module'],
  title: 'Server Settings | ServerManager',
  description: "ServerManager's settings for one of your Discord servers, saved the moment you change them.",
  chrome: 'main',
  toasts: true,
  // The settings, the user's servers for the switcher, and their whitelist for the licence banner.
  keys: ({ serverId = '' }) => ({ settings: apiKeys.serverSettings(serverId), allowed: apiKeys.allowedServers, whitelist: apiKeys.whitelist }),
  // A module's address draws the module view, a chunk the overview never loads (features/settings/lazy-module-view.ts).
  modules: ({ module }) => (module === undefined ? [] : ['src/client/features/settings/ModuleView.tsx']),
  // A module's segment is checked against the settings registry, which loads with the page, never with the route table.
  rules: () => import('./rules'),
});
