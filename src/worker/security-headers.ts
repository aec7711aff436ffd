import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './hono-env';

/** Hono's security headers, configured here and read from its middleware (securityHeaderList). */
const honoSecureHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
  // As the CSP's frame-ancestors 'none', for browsers that read only this header (Hono's default is SAMEORIGIN).
  xFrameOptions: 'DENY',
  // Nothing here needs these; a page that has no use for them should not be able to ask.
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
});

type HeaderList = readonly (readonly [string, string])[];

/** What Hono's middleware sets on an answer, in its order and spelling, recorded by running it once on a stand-in. */
async function recordHeaders(): Promise<HeaderList> {
  const list: [string, string][] = [];
  const headers = { set: (name: string, value: string) => void list.push([name, value]), has: () => false, delete: () => true };
  const standIn = { res: { headers } } as unknown as Parameters<typeof honoSecureHeaders>[0];
  await honoSecureHeaders(standIn, () => Promise.resolve());
  return list;
}

let recorded: HeaderList | undefined;

/** The security headers of every answer but its CSP, worked out once per isolate. */
export async function securityHeaderList(): Promise<HeaderList> {
  recorded ??= await recordHeaders();
  return recorded;
}

/**
 * The security headers of every answer, and the CSP (`policyOf`) where a route did not set a stricter one of its own
 * (files are sandboxed). One pass over the answer's headers: Hono's middleware read `c.res.headers` again for each of
 * its 12 (docs/performance.md). The prerendered pages, which the asset server answers without the Worker, carry the
 * same ones through `_headers` (scripts/prerender.ts).
 */
export const securityHeaders = (policyOf: (env: Env) => Promise<string>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const list = recorded ?? (await securityHeaderList());
    const { headers } = c.res;
    for (const [name, value] of list) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', await policyOf(c.env));
  });
