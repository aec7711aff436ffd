import { defineRoute } from '../../page-route';

export const landingRoute = defineRoute({
  id: 'landing',
  paths: ['/', '/index.html'],
  title: 'ServerManager | Discord bot for moderation, fun and Last.fm',
  description:
    'ServerManager is a Discord bot for moderation, anti-nuke, welcome messages, logs, starboard and Last.fm, with a dashboard that saves every setting the moment you change it.',
  chrome: 'main',
  prerender: true,
});
