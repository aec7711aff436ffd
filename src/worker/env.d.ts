// Secrets (wrangler secret put / .dev.vars) are not in wrangler.toml, so `wrangler types` cannot see them.
declare namespace Cloudflare {
  interface Env {
    DISCORD_CLIENT_SECRET: string;
    /** Optional: without it the cron keeps the last stats and the settings page has no roles/channels. */
    DISCORD_BOT_TOKEN?: string;
    SESSION_SECRET: string;
    BOT_API_TOKEN: string;
  }
}
