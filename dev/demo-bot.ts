/**
 * The bot's part in the demo: it reads where the fake Discord's bot is (as a real bot learns it from the
 * gateway) and tells the Worker through the bot API, with the same client a bot's developers use.
 *
 *   node --import ./scripts/resolve-ts-extensions.ts dev/demo-bot.ts <fake Discord URL> <app URL>   (BOT_API_TOKEN in the environment)
 */
import { createBotClient } from '../examples/bot-client.ts';
import type { BotSyncGuild } from '../src/shared/bot-api.ts';

interface BotGuildsPage {
  guilds: BotSyncGuild[];
  next: string | null;
}

/** Every guild of the fake Discord's bot, in id order, a page at a time. */
async function* fakeBotGuilds(discordBaseUrl: string): AsyncGenerator<BotSyncGuild> {
  let after: string | null = null;
  do {
    const url = new URL('/__demo/bot-guilds', discordBaseUrl);
    url.searchParams.set('limit', '1000');
    if (after !== null) url.searchParams.set('after', after);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`fake Discord answered ${response.status} for ${url.pathname}`);
    const page = await response.json<BotGuildsPage>();
    yield* page.guilds;
    after = page.next;
  } while (after !== null);
}

/** A full sync of the fake bot's guilds into the Worker at `appBaseUrl`. */
export async function syncDemoBotPresence(discordBaseUrl: string, appBaseUrl: string, botApiToken: string) {
  const client = createBotClient({ baseUrl: appBaseUrl, token: botApiToken });
  return client.sync(fakeBotGuilds(discordBaseUrl));
}

const [discordBaseUrl, appBaseUrl] = process.argv.slice(2);
const token = process.env.BOT_API_TOKEN;
if (discordBaseUrl === undefined || appBaseUrl === undefined || token === undefined) {
  console.error('usage: BOT_API_TOKEN=… dev/demo-bot.ts <fake Discord URL> <app URL>');
  process.exit(2);
}
const started = performance.now();
const { received, removed } = await syncDemoBotPresence(discordBaseUrl, appBaseUrl, token);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Demo bot: reported ${received} guilds to the dashboard in ${seconds} s${removed > 0 ? ` (removed ${removed} it is no longer in)` : ''}.`);
