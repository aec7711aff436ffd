import { defineRoute, withHtml } from '../../page-route';

export const privacyRoute = defineRoute({
  id: 'privacy',
  paths: withHtml('/privacy-policy'),
  title: 'Privacy Policy | ServerManager',
  description: 'What ServerManager stores about you and your server, for how long, and how to have a copy or have it deleted.',
  chrome: 'main',
  prerender: true,
});
