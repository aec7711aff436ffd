import { apiKeys } from '../../../shared/api-keys';
import { defineRoute, withHtml } from '../../page-route';

export const serversRoute = defineRoute({
  id: 'servers',
  paths: withHtml('/servers', '/bite', '/servermanager'),
  title: 'Your Servers | ServerManager',
  description: 'The Discord servers you manage with ServerManager, and their licences.',
  chrome: 'main',
  toasts: true,
  keys: () => ({ allowed: apiKeys.allowedServers, invitable: apiKeys.invitableServers, whitelist: apiKeys.whitelist }),
});
