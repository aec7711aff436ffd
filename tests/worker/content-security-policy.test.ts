import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from '../../src/client/early-clicks';
import { SCRIPT_LOADER } from '../../src/client/script-loader';
import { THEME_BOOT_SCRIPT } from '../../src/client/theme-script';
import { contentSecurityPolicy } from '../../src/worker/render/content-security-policy';
import { loginDemoUsers } from './helpers/login';
import { call } from './helpers/request';

// The pages' CSP and the headers beside it, directive by directive and exactly: a directive loosened, dropped or
// added (object-src, base-uri, form-action, frame-ancestors among them) fails here.

const sha256 = async (text: string) => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
};

/** The policy as directive → sources, keeping the order both are written in. */
const directives = (policy: string) => policy.split('; ').map((directive) => directive.split(' '));

const expectedPolicy = async (socket: string | null) => [
  ['default-src', "'self'"],
  ['script-src', "'self'", await sha256(THEME_BOOT_SCRIPT), await sha256(EARLY_CLICKS_SCRIPT), await sha256(SCRIPT_LOADER)],
  ['style-src', "'self'", "'unsafe-inline'"],
  ['img-src', "'self'", 'data:', 'https://cdn.discordapp.com'],
  ['media-src', "'self'", 'blob:'],
  ['connect-src', "'self'", ...(socket === null ? [] : [socket])],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
  ['form-action', "'self'"],
];

describe("the pages' Content-Security-Policy", () => {
  it.each(['/', '/commands', '/servers', '/no-such-page', '/api/stats', '/api/no-such-call'])('%s: every directive, exactly', async (path) => {
    const res = await call(path);
    expect(directives(res.headers.get('Content-Security-Policy') ?? '')).toEqual(await expectedPolicy('ws://localhost'));
  });

  it('a signed-in page carries the same one', async () => {
    const { owner } = await loginDemoUsers();
    const res = await call('/servers', { cookie: owner });
    expect(res.status).toBe(200);
    expect(directives(res.headers.get('Content-Security-Policy') ?? '')).toEqual(await expectedPolicy('ws://localhost'));
  });

  it.each([
    ['http://localhost', 'ws://localhost'],
    ['http://localhost:8787', 'ws://localhost:8787'],
    ['https://dash.example.com', 'wss://dash.example.com'],
  ])('APP_ORIGIN %s: the live socket is allowed at %s', async (origin, socket) => {
    expect(directives(await contentSecurityPolicy(origin))).toEqual(await expectedPolicy(socket));
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['without a scheme', 'dash.example.com'],
    ['another scheme', 'ftp://dash.example.com'],
    ['with a space', 'https://dash.example.com *'],
    ['with a semicolon (a second directive)', "https://dash.example.com; script-src 'unsafe-inline'"],
    ['with a quote', "https://dash.example.com'"],
  ])('APP_ORIGIN %s: no socket source, and nothing of it in the policy', async (_what, origin) => {
    const policy = await contentSecurityPolicy(origin);
    expect(directives(policy)).toEqual(await expectedPolicy(null));
  });

  it('is built again for another APP_ORIGIN, not answered from the last one', async () => {
    const a = await contentSecurityPolicy('https://a.example');
    expect(await contentSecurityPolicy('https://b.example')).toContain('wss://b.example');
    expect(await contentSecurityPolicy('https://a.example')).toBe(a);
    expect(await contentSecurityPolicy(env.APP_ORIGIN)).toContain('ws://localhost');
  });
});

describe('the security headers beside it', () => {
  it.each(['/commands', '/api/stats'])('%s', async (path) => {
    const { headers } = await call(path);
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=15552000; includeSubDomains');
    // Off: Discord's CDN images (icons, avatars) carry no Cross-Origin-Resource-Policy, which require-corp would block.
    expect(headers.has('Cross-Origin-Embedder-Policy')).toBe(false);
  });
});
