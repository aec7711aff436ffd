import { apiKeys } from '../../../shared/api-keys';
import { defineRoute, withHtml } from '../../page-route';

export const adminRoute = defineRoute({
  id: 'admin',
  paths: withHtml('/admin'),
  title: 'Admin | ServerManager',
  description: "Licence management for ServerManager's administrators.",
  chrome: 'main',
  toasts: true,
  adminOnly: true,
  keys: () => ({ all: apiKeys.allWhitelist }),
});
