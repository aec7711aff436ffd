import { defineRoute, withHtml } from '../../page-route';

export const termsRoute = defineRoute({
  id: 'terms',
  paths: withHtml('/terms-of-service', '/tos'),
  title: 'Terms of Service | ServerManager',
  description: 'The terms under which you may use the ServerManager bot and its dashboard.',
  chrome: 'main',
  prerender: true,
});
