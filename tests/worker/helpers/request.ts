import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { app } from '../../../src/worker/index';

export const ORIGIN = 'http://localhost';

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
