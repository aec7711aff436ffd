import { exports } from 'cloudflare:workers';

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
