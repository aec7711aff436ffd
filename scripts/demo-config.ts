import { existsSync } from 'node:fs';
import { DEMO_ADMIN_ID, DEMO_CLIENT_ID, DEMO_SECRETS } from '../src/worker/demo-values.ts';

export const PORT = Number(process.env.PORT ?? 8787);
export const FAKE_DISCORD_PORT = Number(process.env.FAKE_DISCORD_PORT ?? 8788);
/** Local D1/R2/KV storage; the browser tests use their own, fresh each run. */
export const PERSIST_DIR = process.env.PERSIST_DIR ?? '.wrangler/state';

/** Real Discord is configured in .dev.vars; without it the demo talks to dev/fake-discord. */
export const usesRealDiscord = () => existsSync('.dev.vars');

/** The Worker's settings for the demo: the fake Discord's base URL, its application and admin, the demo's secrets. */
export function demoVars(fakeDiscordPort = FAKE_DISCORD_PORT): Record<string, string> {
  return {
    DISCORD_BASE_URL: `http://127.0.0.1:${fakeDiscordPort}`,
    DISCORD_CLIENT_ID: DEMO_CLIENT_ID,
    ADMIN_IDS: DEMO_ADMIN_ID,
    ...DEMO_SECRETS,
  };
}

/** The public origin the browser uses (the OAuth redirect_uri and the CSRF check come from it). */
// Typed as always set (wrangler's types list the Worker's vars in ProcessEnv), but it is optional here.
export const appOrigin = (port: number | string) => (process.env as Record<string, string | undefined>).APP_ORIGIN ?? `http://localhost:${port}`;

export const varFlags = (vars: Record<string, string>) => Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
