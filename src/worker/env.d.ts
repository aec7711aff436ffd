// Secrets (wrangler secret put / .dev.vars) are not in wrangler.toml, so `wrangler types` cannot see them.
// Each is checked on every request (src/worker/config.ts): missing or shorter than 32 bytes answers 503.
interface WorkerSecrets {
  DISCORD_CLIENT_SECRET: string;
  DISCORD_BOT_TOKEN: string;
  SESSION_SECRET: string;
  /** Seals Discord tokens at rest (AES-GCM); the key id stored with each row follows from it. */
  TOKEN_ENCRYPTION_KEY: string;
  /** Optional: the key before a rotation, so rows sealed with it still open until they are refreshed. */
  TOKEN_ENCRYPTION_KEY_PREVIOUS?: string;
  BOT_API_TOKEN: string;
  /** Optional: per-attempt Discord timeout in ms (default 8000). */
  DISCORD_TIMEOUT_MS?: string;
}
interface Env extends WorkerSecrets {}
declare namespace Cloudflare {
  interface Env extends WorkerSecrets {}
}
