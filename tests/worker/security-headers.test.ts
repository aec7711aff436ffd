import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { securityHeaderList, securityHeaders } from '../../src/worker/security-headers';

const POLICY = "default-src 'none'";
const probe = (route: (headers: Headers) => void = () => undefined) =>
  new Hono<{ Bindings: Env }>()
    .use(securityHeaders(() => Promise.resolve(POLICY)))
    .get('*', (c) => {
      const res = c.body('ok', 200);
      route(res.headers);
      return res;
    })
    .request('/', {}, {});

describe('the security headers, from a list kept per isolate', () => {
  it("are Hono's, in its spelling: the 12 its middleware sets", async () => {
    const list = await securityHeaderList();
    expect(list).toHaveLength(12);
    expect(list).toContainEqual(['X-Frame-Options', 'DENY']);
    expect(list).toContainEqual(['Referrer-Policy', 'strict-origin-when-cross-origin']);
    expect(list).toContainEqual(['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()']);
    expect(list.map(([name]) => name)).not.toContain('Cross-Origin-Embedder-Policy');
    // Hono's own middleware, on the defaults the list was not told to change, sets the same values.
    const hono = await new Hono()
      .use(
        secureHeaders({
          crossOriginEmbedderPolicy: false,
          referrerPolicy: 'strict-origin-when-cross-origin',
          xFrameOptions: 'DENY',
          permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
        }),
      )
      .get('*', (c) => c.body(null, 204))
      .request('/');
    expect(list.map(([name, value]) => [name.toLowerCase(), value]).sort()).toEqual([...hono.headers.entries()].sort());
  });

  it('are recorded once: asked again, the same list', async () => {
    expect(await securityHeaderList()).toBe(await securityHeaderList());
  });

  it('are all set on an answer, with the policy', async () => {
    const res = await probe();
    for (const [name, value] of await securityHeaderList()) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('Content-Security-Policy')).toBe(POLICY);
  });

  it("keep a route's stricter policy, and overwrite a route's own security header as Hono did", async () => {
    const res = await probe((headers) => {
      headers.set('Content-Security-Policy', 'sandbox');
      headers.set('X-Frame-Options', 'SAMEORIGIN');
    });
    expect(res.headers.get('Content-Security-Policy')).toBe('sandbox');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });
});
