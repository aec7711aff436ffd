import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { app } from '../../../src/worker/index';

export const ORIGIN = 'http://localhost';

/** A real site's settings: on https, and none of the demo's published values (the Worker refuses those there). */
export const HTTPS_SITE = {
  APP_ORIGIN: 'https://dash.example',
  DISCORD_CLIENT_ID: '123456789012345678',
  ADMIN_IDS: '223456789012345678',
  DISCORD_CLIENT_SECRET: 'a-real-sites-own-client-secret-0123456789',
  DISCORD_BOT_TOKEN: 'a-real-sites-own-bot-token-0123456789abcdef',
};

/** Calls the Worker's fetch handler as a browser on our own origin would. */
export function call(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.method && init.method !== 'GET' && !headers.has('Origin')) headers.set('Origin', ORIGIN);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: 'manual' }));
}

export function postJson(path: string, body: unknown, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return call(path, { ...init, method: 'POST', headers, body: JSON.stringify(body) });
}

/**
 * Calls the app with some settings changed (a short secret, another origin…) and waits for the work it
 * deferred with waitUntil (such as a Discord grant revocation) before answering.
 */
export async function callWithEnv(
  path: string,
  overrides: Partial<Record<string, string | undefined>>,
  init: RequestInit & { cookie?: string; origin?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  const base = init.origin ?? ORIGIN;
  if (init.method && init.method !== 'GET' && !headers.has('Origin')) headers.set('Origin', base);
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${base}${path}`, { ...init, headers, redirect: 'manual' }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
