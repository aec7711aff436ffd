// Secrets (wrangler secret put / .dev.vars) are not in wrangler.toml, so `wrangler types` cannot see them.
interface WorkerSecrets {
  DISCORD_CLIENT_SECRET: string;
  /** Optional: without it the cron keeps the last stats and the settings page has no roles/channels. */
  DISCORD_BOT_TOKEN?: string;
  SESSION_SECRET: string;
  BOT_API_TOKEN: string;
  /** Optional: per-attempt Discord timeout in ms (default 8000). */
  DISCORD_TIMEOUT_MS?: string;
}
interface Env extends WorkerSecrets {}
declare namespace Cloudflare {
  interface Env extends WorkerSecrets {}
}
