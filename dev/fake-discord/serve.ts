/**
 * Runs the fake Discord on Node: `node dev/fake-discord/serve.ts` (port from FAKE_DISCORD_PORT, default 8788;
 * token lifetime from FAKE_DISCORD_TOKEN_TTL_SECONDS; FAKE_DISCORD_BOT_GUILDS generated guilds with the bot).
 */
import { serve } from '@hono/node-server';
import { createFakeDiscord } from './app.ts';
import { parseBotGuildCount } from './generated.ts';

const host = '127.0.0.1';
const port = Number(process.env.FAKE_DISCORD_PORT ?? 8788);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`FAKE_DISCORD_PORT must be a port number, got ${process.env.FAKE_DISCORD_PORT}`);
  process.exit(1);
}

// Access tokens live as long as Discord's (604800 s) unless FAKE_DISCORD_TOKEN_TTL_SECONDS says otherwise,
// so token expiry and refresh can be tried by hand with `npm start`.
const ttl = process.env.FAKE_DISCORD_TOKEN_TTL_SECONDS;
const tokenTtlSeconds = ttl === undefined || ttl === '' ? undefined : Number(ttl);
if (tokenTtlSeconds !== undefined && !(Number.isInteger(tokenTtlSeconds) && tokenTtlSeconds > 0)) {
  console.error(`FAKE_DISCORD_TOKEN_TTL_SECONDS must be a positive whole number of seconds, got ${ttl}`);
  process.exit(1);
}

let botGuilds: number;
try {
  botGuilds = parseBotGuildCount(process.env.FAKE_DISCORD_BOT_GUILDS);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { app } = createFakeDiscord({ tokenTtlSeconds, botGuilds });
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.log(`Fake Discord listening on http://${host}:${info.port}${botGuilds > 0 ? ` (bot in ${botGuilds} generated guilds)` : ''}`);
});

function stop(): void {
  server.close(() => process.exit(0));
  // Keep-alive connections would hold close() open; nothing here needs a graceful drain.
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
