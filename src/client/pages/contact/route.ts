import { defineRoute, withHtml } from '../../page-route';

export const contactRoute = defineRoute({
  id: 'contact',
  paths: withHtml('/contact'),
  title: 'Contact | ServerManager',
  description: 'How to reach the people behind ServerManager: support, bug reports and data requests.',
  chrome: 'main',
  prerender: true,
});
