import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStats } from './helpers/stats-row';
import { withPageCache } from '../../src/worker/render/page-cache';
import { loginAs, resetFake, USERS } from './helpers/login';
import { call, ORIGIN } from './helpers/request';

/** The cache write runs after the response (waitUntil); wait until the next request sees it. */
async function untilCached(path: string): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await call(path);
    if (res.headers.get('X-Page-Cache') === 'HIT') return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} never came from the cache`);
}

const island = (html: string) =>
  JSON.parse(/<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    fallback: Record<string, unknown>;
  };

beforeEach(async () => {
  await resetFake();
  await env.DB.prepare('DELETE FROM sessions').run();
});

describe('anonymous pages from the edge cache', () => {
  it('answers a repeat of / without rendering it again, for a minute', async () => {
    await setStats(111, 2222);
    const first = await call('/');
    expect(first.headers.get('X-Page-Cache')).toBe('MISS');
    expect(island(await first.text()).fallback['/api/stats']).toMatchObject({ servers: 111 });

    // Had the page been rendered again, it would show these figures.
    await setStats(999, 9999);
    const again = await untilCached('/');
    expect(island(await again.text()).fallback['/api/stats']).toMatchObject({ servers: 111 });
    // The browser asks every time, so a login shows at once; only the edge keeps the copy.
    expect(again.headers.get('Cache-Control')).toBe('public, no-cache');
    // A hit runs no middleware: the copy carries the headers the rendered page had.
    expect(again.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'sha256-");
    expect(again.headers.get('X-Content-Type-Options')).toBe('nosniff');
    // The render time travels with the stored copy only.
    expect(again.headers.get('X-Page-Rendered-At')).toBeNull();
  });

  it.each(['/commands', '/privacy-policy', '/terms-of-service', '/contact', '/kenji', '/glaive'])('caches %s', async (path) => {
    await (await call(path)).arrayBuffer();
    expect((await untilCached(path)).status).toBe(200);
  });

  it('never answers a logged-in visitor from the cache, nor caches their page', async () => {
    await (await call('/commands')).arrayBuffer();
    await untilCached('/commands');
    const cookie = await loginAs(USERS.owner);
    const res = await call('/commands', { cookie });
    expect(res.headers.get('X-Page-Cache')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(island(await res.text()).fallback['/api/check-auth']).toMatchObject({ authenticated: true });
  });

  it('renders deep links with a query string the page reads fresh', async () => {
    for (const path of ['/kenji?folder=Artist', '/glaive?song=a.mp3', '/kenji?utm_source=x&folder=Artist']) {
      const res = await call(path);
      expect(res.headers.get('X-Page-Cache'), path).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      await res.arrayBuffer();
    }
  });

  it('answers a query string the page does not read from the copy of its path, and stores no copy for it', async () => {
    await (await call('/commands')).arrayBuffer();
    await (await untilCached('/commands')).arrayBuffer();
    for (const path of ['/commands?utm_source=newsletter', '/commands?', '/commands?a=1&b=2', '/kenji?utm_source=x']) {
      const res = await untilCached(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    const shared = await caches.open('pages');
    for (const path of ['/commands?utm_source=newsletter', '/commands?a=1&b=2']) expect(await shared.match(`${ORIGIN}${path}`), path).toBeUndefined();
  });

  it('does not cache pages that depend on the visitor, nor a 404', async () => {
    for (const path of ['/servers', '/server/300000000000000001', '/admin', '/no-such-page']) {
      const res = await call(path);
      expect(res.headers.get('X-Page-Cache'), path).toBeNull();
      await res.arrayBuffer();
    }
  });
});

describe('one address per page', () => {
  it.each([
    ['/commands/', '/commands'],
    ['/commands//', '/commands'],
    ['/Commands', '/commands'],
    ['/COMMANDS/', '/commands'],
    ['//commands', '/commands'],
    ['/Commands?category=fun', '/commands?category=fun'],
    ['/KENJI.html', '/kenji.html'],
    ['/TOS', '/tos'],
    ['/Server/300000000000000001/', '/server/300000000000000001'],
  ])('%s is a permanent redirect to %s', async (path, location) => {
    const res = await call(path);
    expect(res.status).toBe(308);
    expect(res.headers.get('Location')).toBe(location);
    expect(await caches.open('pages').then((cache) => cache.match(`${ORIGIN}${path}`))).toBeUndefined();
  });

  it.each(['/', '/commands', '/index.html', '/bite.html', '/tos', '/tos.html', '/privacy-policy.html', '/terms-of-service', '/kenji.html', '/glaive'])(
    '%s answers as it is',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    },
  );

  it('leaves unknown paths a 404 and never redirects off the site', async () => {
    for (const path of ['/no-such-page/', '/NO-SUCH-PAGE', '//evil.example/', '//evil.example/commands', '/commands/extra']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Location')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('keeps API paths as they are', async () => {
    expect((await call('/api/Stats')).status).toBe(404);
    expect((await call('/api/stats/')).status).not.toBe(308);
  });
});

describe("the isolate's own copy in front of the shared cache", () => {
  const MINUTE = 60_000;
  /** Drops the shared (Cache API) copy, so only the isolate's memory can still answer. */
  const dropSharedCopy = async (path: string) => {
    expect(await (await caches.open('pages')).delete(`${ORIGIN}${path}`)).toBe(true);
  };
  const landingServers = async () => {
    const res = await call('/');
    return { state: res.headers.get('X-Page-Cache'), servers: (island(await res.text()).fallback['/api/stats'] as { servers: number }).servers };
  };

  let later = 0;
  beforeEach(async () => {
    // Later than any copy an earlier test left in this isolate's memory; the shared cache keeps real time.
    later += 10 * MINUTE;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + later });
    await (await caches.open('pages')).delete(`${ORIGIN}/`);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a repeat from memory, without the shared cache, until a minute after the render', async () => {
    await setStats(111, 2222);
    expect(await landingServers()).toEqual({ state: 'MISS', servers: 111 });
    await (await untilCached('/')).arrayBuffer();
    await dropSharedCopy('/');
    await setStats(999, 9999);

    vi.setSystemTime(Date.now() + 58_000);
    expect(await landingServers()).toEqual({ state: 'HIT', servers: 111 });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await landingServers()).toEqual({ state: 'MISS', servers: 999 });
  });

  it('cannot be emptied by a visitor asking for 40 spellings of pages', async () => {
    await setStats(111, 2222);
    await (await call('/')).arrayBuffer();
    await (await untilCached('/')).arrayBuffer();
    await dropSharedCopy('/');
    for (let i = 1; i <= 40; i++) {
      for (const path of [`/commands${'/'.repeat(i)}`, `/commands?v=${i}`, `/no-such-page-${i}`]) await (await call(path)).arrayBuffer();
    }
    await setStats(999, 9999);
    expect(await landingServers()).toEqual({ state: 'HIT', servers: 111 });
  });

  it('keeps what the shared cache answered, until a minute after that copy was rendered', async () => {
    await setStats(111, 2222);
    await (await call('/')).arrayBuffer();
    await (await untilCached('/')).arrayBuffer();
    // This isolate's copy is over; another isolate has since put a newer one in the shared cache.
    vi.setSystemTime(Date.now() + MINUTE + 1_000);
    const shared = await call('/');
    const html = (await shared.text()).replace('"servers":111', '"servers":555');
    const headers = new Headers(shared.headers);
    headers.set('X-Page-Rendered-At', String(Date.now()));
    headers.set('Cache-Control', 'public, max-age=60');
    await (await caches.open('pages')).put(`${ORIGIN}/`, new Response(html, { headers }));
    expect(await landingServers()).toEqual({ state: 'HIT', servers: 555 });

    await dropSharedCopy('/');
    vi.setSystemTime(Date.now() + 58_000);
    expect(await landingServers()).toEqual({ state: 'HIT', servers: 555 });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await landingServers()).toEqual({ state: 'MISS', servers: 111 });
  });
});

describe('the coding a browser asks for', () => {
  /** Counts the compressors started from here on (the worker runs in this isolate). */
  const countCompressors = () => {
    const counter = { started: 0 };
    const Original = CompressionStream;
    vi.stubGlobal(
      'CompressionStream',
      class extends Original {
        constructor(format: CompressionFormat) {
          super(format);
          counter.started++;
        }
      },
    );
    return counter;
  };
  const gunzip = (body: ArrayBuffer) => new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  const decoded = async (body: ArrayBuffer, coding: string | null) =>
    coding === 'gzip' ? gunzip(body) : coding === 'br' ? new TextDecoder().decode(brotliDecompressSync(new Uint8Array(body))) : new TextDecoder().decode(body);
  /**
   * Through the cache itself, so the test sees the bytes as sent (a fetch would inflate them first). `client` is
   * what the client sent, as Cloudflare's front line passes it (`cf.clientAcceptEncoding`) beside the header it
   * gives the Worker.
   */
  const hitWith = async (path: string, acceptEncoding?: string, client?: string) => {
    const headers = new Headers();
    if (acceptEncoding !== undefined) headers.set('Accept-Encoding', acceptEncoding);
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, { headers, ...(client === undefined ? {} : { cf: { clientAcceptEncoding: client } }) });
    const res = await withPageCache(request, ctx, () => Promise.resolve(new Response('rendered again', { status: 500 })));
    await waitOnExecutionContext(ctx);
    expect(res.headers.get('X-Page-Cache')).toBe('HIT');
    return res;
  };

  let later = 1000 * 60_000;
  beforeEach(async () => {
    // Later than any copy an earlier test kept, so each test starts with nothing in this isolate's memory.
    later += 10 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + later });
    await (await caches.open('pages')).delete(`${ORIGIN}/commands`);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers gzip, compressed when the page was kept, that inflates to the identity HTML', async () => {
    await (await call('/commands')).arrayBuffer();
    await (await untilCached('/commands')).arrayBuffer();
    const identity = await hitWith('/commands');
    const html = await identity.text();
    expect(identity.headers.get('Content-Encoding')).toBeNull();
    expect(identity.headers.get('Content-Length')).toBe(String(new TextEncoder().encode(html).byteLength));

    const gzip = await hitWith('/commands', 'gzip, deflate, br');
    const bytes = await gzip.arrayBuffer();
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzip.headers.get('Vary')).toBe('Accept-Encoding');
    expect(gzip.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    expect(bytes.byteLength).toBeLessThan(html.length / 2);
    expect(await gunzip(bytes)).toBe(html);
    // Both carry the page's own headers.
    expect(gzip.headers.get('Content-Security-Policy')).toBe(identity.headers.get('Content-Security-Policy'));
    expect(gzip.headers.get('X-Page-Rendered-At')).toBeNull();
  });

  it('compresses a page once, not per request (the gzip compressor counted; Brotli is made beside it)', async () => {
    const compressors = countCompressors();
    await (await call('/commands', { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer();
    await (await untilCached('/commands')).arrayBuffer();
    for (let i = 0; i < 5; i++) await (await hitWith('/commands', 'gzip, deflate, br')).arrayBuffer();
    expect(compressors.started).toBe(1);
  });

  it('compresses once what the shared cache answered, then answers from memory', async () => {
    await (await call('/commands')).arrayBuffer();
    const html = await (await untilCached('/commands')).text();
    // This isolate's copy is over; another isolate has since put a newer one in the shared cache.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const headers = new Headers({
      'Content-Type': 'text/html; charset=UTF-8',
      'X-Page-Rendered-At': String(Date.now()),
      'Cache-Control': 'public, max-age=60',
    });
    await (await caches.open('pages')).put(`${ORIGIN}/commands`, new Response(html, { headers }));
    const compressors = countCompressors();
    for (let i = 0; i < 3; i++) {
      const res = await hitWith('/commands', 'br;q=1, gzip;q=0.8');
      expect(res.headers.get('Content-Encoding')).toBe('br');
      expect(await decoded(await res.arrayBuffer(), 'br')).toBe(html);
    }
    expect(compressors.started).toBe(1);
  });

  it.each([
    ['absent', undefined, null],
    ['empty', '', null],
    ['identity', 'identity', null],
    ['br only', 'br', 'br'],
    ['zstd only (not stored)', 'zstd', null],
    ['gzip;q=0', 'gzip;q=0', null],
    ['gzip;q=0 beside br;q=0', 'br;q=0, gzip;q=0', null],
    ['gzip;q=0 beside *', 'gzip;q=0, *', 'br'],
    ['br;q=0 beside *', '*, br;q=0', 'gzip'],
    ['gzip;q=0.000 beside br', 'br, gzip;q=0.000', 'br'],
    ['br;q=0.001 beside gzip;q=0.002', 'br;q=0.001, gzip;q=0.002', 'gzip'],
    ['br weighted above gzip', 'gzip;q=0.8, br', 'br'],
    ['*', '*', 'br'],
    ['*;q=0', '*;q=0', null],
    ['x-gzip', 'x-gzip', 'gzip'],
    ['GZIP;Q=0.5', 'GZIP;Q=0.5', 'gzip'],
    ["a browser's (gzip listed first)", 'gzip, deflate, br, zstd', 'gzip'],
    ["Cloudflare's front line's", 'br, gzip', 'br'],
  ])('Accept-Encoding %s is answered %s', async (_name, acceptEncoding, coding) => {
    await (await call('/commands')).arrayBuffer();
    const html = await (await untilCached('/commands')).text();
    const res = await hitWith('/commands', acceptEncoding);
    expect(res.headers.get('Content-Encoding')).toBe(coding);
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const body = await res.arrayBuffer();
    expect(res.headers.get('Content-Length')).toBe(String(body.byteLength));
    expect(await decoded(body, coding)).toBe(html);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['deflate', null],
    ['br', 'br'],
  ])("answers what the client sent (cf.clientAcceptEncoding %s), not the front line's 'br, gzip'", async (client, coding) => {
    await (await call('/commands')).arrayBuffer();
    await (await untilCached('/commands')).arrayBuffer();
    const res = await hitWith('/commands', 'br, gzip', client);
    expect(res.headers.get('Content-Encoding')).toBe(coding);
    await res.arrayBuffer();
  });

  it('keeps /commands in Brotli smaller than in gzip', async () => {
    await (await call('/commands')).arrayBuffer();
    await (await untilCached('/commands')).arrayBuffer();
    const br = await (await hitWith('/commands', 'br')).arrayBuffer();
    const gzip = await (await hitWith('/commands', 'gzip')).arrayBuffer();
    expect(br.byteLength).toBeLessThan(gzip.byteLength);
  });
});
