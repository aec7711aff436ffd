import { defineRoute, withHtml } from '../../page-route';

export const commandsRoute = defineRoute({
  id: 'commands',
  paths: withHtml('/commands'),
  title: 'Commands | ServerManager',
  description:
    'Every ServerManager command with its aliases, syntax, an example and its cooldown, in five categories: LastFM, fun, info, moderation and utility.',
  chrome: 'main',
  prerender: true,
});
