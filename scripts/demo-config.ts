import { existsSync } from 'node:fs';
import { DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../dev/fake-discord/data.ts';

export const PORT = Number(process.env.PORT ?? 8787);
export const FAKE_DISCORD_PORT = Number(process.env.FAKE_DISCORD_PORT ?? 8788);
/** Local D1/R2/KV storage; the browser tests use their own, fresh each run. */
export const PERSIST_DIR = process.env.PERSIST_DIR ?? '.wrangler/state';

/** Real Discord is configured in .dev.vars; without it the demo talks to dev/fake-discord. */
export const usesRealDiscord = () => existsSync('.dev.vars');

/** The Worker's settings for the demo: the fake Discord's base URL and its demo secrets. */
export function demoVars(fakeDiscordPort = FAKE_DISCORD_PORT): Record<string, string> {
  return {
    DISCORD_BASE_URL: `http://127.0.0.1:${fakeDiscordPort}`,
    DISCORD_CLIENT_ID: DEMO_CLIENT_ID,
    DISCORD_CLIENT_SECRET: DEMO_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: DEMO_BOT_TOKEN,
    SESSION_SECRET: 'demo-session-secret-only-for-local-use-0123456789',
    TOKEN_ENCRYPTION_KEY: 'demo-token-encryption-key-only-for-local-use-0123',
    BOT_API_TOKEN: 'demo-bot-api-token-only-for-local-use-0123456789',
  };
}

/** The public origin the browser uses (the OAuth redirect_uri and the CSRF check come from it). */
// Typed as always set (wrangler's types list the Worker's vars in ProcessEnv), but it is optional here.
export const appOrigin = (port: number | string) => (process.env as Record<string, string | undefined>).APP_ORIGIN ?? `http://localhost:${port}`;

export const varFlags = (vars: Record<string, string>) => Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
