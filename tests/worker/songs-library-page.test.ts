import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { silentMp3, sineWav } from '../../scripts/seed-songs';
import type { LibraryPageView } from '../../src/shared/library-page-view';
import { libraryPageVersionKey } from '../../src/shared/songs/limits';
import worker from '../../src/worker/index';
import { libraryPageCacheKey } from '../../src/worker/render/library-page-cache';
import { reconcileLibrary } from '../../src/worker/songs/reconcile';
import { invalidateSongList } from '../../src/worker/songs/song-list';

/**
 * Issue 37: /kenji and /glaive send the folder tree and the open folder's songs, with their lengths, in their first
 * HTML; each folder's page is rendered once per version of the library's listing and then answered from the edge
 * cache; a change to the library names new pages.
 */

/** A request through the whole Worker, its waitUntil work (the cache write) finished before it answers. */
async function page(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function viewOf(html: string): LibraryPageView | undefined {
  const island = /<script type="application\/json" id="__SM_DATA__">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return (JSON.parse(island) as { fallback: Record<string, LibraryPageView> }).fallback['library-page:glaive'];
}

/** Through the runtime's HTTP, as a client gets it: fetch() decodes what the Worker coded. */
const wire = (url: string, init: RequestInit) => (exports as { default: Fetcher }).default.fetch(url, init);

async function emptyFolder(prefix: string) {
  const old = await env.GLAIVE.list({ prefix });
  if (old.objects.length > 0) await env.GLAIVE.delete(old.objects.map((o) => o.key));
}

beforeEach(async () => {
  await emptyFolder('Painted/');
  await env.GLAIVE.put('Painted/Album/01 Four.wav', sineWav(440, 4));
  await env.GLAIVE.put('Painted/Album/02 Two.mp3', silentMp3(2));
  await env.GLAIVE.put('Painted/Album/notes.txt', 'not audio');
  await env.GLAIVE.put('Painted/Album/Bonus/03 Three.wav', sineWav(330, 3));
  await env.GLAIVE.put('Painted/Album/04 Broken.wav', 'RIFF, but nothing after it');
  await reconcileLibrary(env, 'glaive');
});

describe('the library page', () => {
  it('carries the folder tree and the open folder’s songs with their lengths, rendered and in its data island', async () => {
    const res = await page('/glaive?folder=Painted%2FAlbum');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('Loading');
    const view = viewOf(html);
    expect(view?.folder).toBe('Painted/Album');
    expect(view?.folders).toContainEqual({ path: 'Painted', files: 5, bytes: expect.any(Number) as number });
    expect(view?.folders).toContainEqual({ path: 'Painted/Album/Bonus', files: 1, bytes: sineWav(330, 3).length });
    // Direct files only, with the listing's lengths: tenths of a second, none for what has no readable length.
    expect(view?.files.map((f) => [f.path, f.duration])).toEqual([
      ['Painted/Album/01 Four.wav', 4],
      ['Painted/Album/02 Two.mp3', 2],
      ['Painted/Album/04 Broken.wav', null],
      ['Painted/Album/notes.txt', null],
    ]);
    // Drawn, not only sent: the songs, their lengths, the subfolder with its count, the counts in the singular.
    expect(html).toContain('01 Four');
    expect(html).toMatch(/>0:04</);
    expect(html).toMatch(/>0:02</);
    expect(html).toContain('1 folder · 4 files here, 5 in total');
  });

  it('sends its view in the order the tree shows, not the bucket’s, so the browser sorts nothing before it hydrates', async () => {
    // A bucket lists keys by their bytes: '10' before '9', upper case before lower.
    for (const key of ['Painted/Order/10 Ten.wav', 'Painted/Order/9 Nine.wav', 'Painted/Order/C/y.wav', 'Painted/Order/b/x.wav'])
      await env.GLAIVE.put(key, sineWav(440, 1));
    await reconcileLibrary(env, 'glaive');
    const html = await (await page('/glaive?folder=Painted%2FOrder')).text();
    const view = viewOf(html);
    expect(view?.files.map((f) => f.path)).toEqual(['Painted/Order/9 Nine.wav', 'Painted/Order/10 Ten.wav']);
    expect(view?.folders.map((f) => f.path).filter((path) => path.startsWith('Painted/Order/'))).toEqual(['Painted/Order/b', 'Painted/Order/C']);
    expect(html.indexOf('9 Nine')).toBeLessThan(html.indexOf('10 Ten'));
  });

  it('opens the library for a folder it does not have, and leaves the query out of what it renders', async () => {
    const view = viewOf(await (await page('/glaive?folder=No%2FSuch%2FFolder&song=x.mp3')).text());
    expect(view?.folder).toBe('');
    expect(view?.files.every((f) => !f.path.includes('/'))).toBe(true);
    expect(view?.folders.map((f) => f.path)).toContain('Painted/Album');
  });

  it('answers from the edge cache until the library changes, then renders the new listing', async () => {
    await page('/glaive?folder=Painted%2FAlbum');
    // Straight into R2: the listing, and so the cached page, do not know it yet.
    await env.GLAIVE.put('Painted/Album/05 New.wav', sineWav(220, 5));
    const cached = await (await page('/glaive?folder=Painted%2FAlbum')).text();
    expect(cached).not.toContain('05 New');
    // The cron's reconcile reads its length and stores a new listing: a new version, new pages.
    expect(await reconcileLibrary(env, 'glaive')).toMatchObject({ checksummed: 1, listRefreshed: true });
    const fresh = viewOf(await (await page('/glaive?folder=Painted%2FAlbum')).text());
    expect(fresh?.files.find((f) => f.path === 'Painted/Album/05 New.wav')?.duration).toBe(5);
    // upload-songs clears the listing and the version: the next page is built from R2 and the index again.
    await env.GLAIVE.delete('Painted/Album/05 New.wav');
    await invalidateSongList(env.CACHE, 'glaive');
    expect(await (await page('/glaive?folder=Painted%2FAlbum')).text()).not.toContain('05 New');
  });

  it('answers a revalidation with 304 for the tag of the coding it would send, from the cache too', async () => {
    const first = await page('/glaive', { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^W\/".+-gzip"$/);
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    expect((await page('/glaive', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(304);
    expect((await page('/glaive', { 'Accept-Encoding': 'identity', 'If-None-Match': etag })).status).toBe(200);
  });

  /** A copy the cache keeps (Miniflare's keeps nothing without a lifetime). */
  const KEPT = { 'Cache-Control': 'public, max-age=600' };

  it('keeps each coding’s copy compressed once, and answers each coding from its own copy', async () => {
    await page('/glaive?folder=Painted%2FAlbum', { 'Accept-Encoding': 'gzip' });
    const address = { library: 'glaive' as const, version: (await env.CACHE.get(libraryPageVersionKey('glaive'))) ?? '', folder: 'Painted/Album' };
    const cache = await caches.open('library-pages');
    const keyOf = (coding: 'identity' | 'gzip' | 'br') => libraryPageCacheKey(env, address, coding);
    const bytesOf = async (coding: 'identity' | 'gzip' | 'br') =>
      new Uint8Array((await (await cache.match(keyOf(coding)))?.arrayBuffer()) ?? new ArrayBuffer(0));
    // The miss kept the plain page and the coding it was asked in, as the bytes that go out.
    const plain = new TextDecoder().decode(await bytesOf('identity'));
    expect(plain).toMatch(/^<!doctype html>/);
    expect(new TextDecoder().decode(gunzipSync(await bytesOf('gzip')))).toBe(plain);
    expect(await cache.match(keyOf('br'))).toBeUndefined();
    // A coding asked for the first time is made from the kept plain copy (marked here), not rendered again.
    await cache.put(keyOf('identity'), new Response('<p>the plain copy</p>', { headers: { ETag: '"marked"', ...KEPT } }));
    const br = await page('/glaive?folder=Painted%2FAlbum', { 'Accept-Encoding': 'br' });
    expect([br.headers.get('Content-Encoding'), br.headers.get('ETag')]).toEqual(['br', 'W/"marked-br"']);
    expect(new TextDecoder().decode(brotliDecompressSync(await bytesOf('br')))).toBe('<p>the plain copy</p>');
    // Each coding is answered from its own copy: a marked gzip copy answers gzip requests only.
    await cache.put(keyOf('gzip'), new Response(gzipSync('<p>the gzip copy</p>'), { headers: { ETag: '"gzip-marked"', ...KEPT } }));
    const gzip = await page('/glaive?folder=Painted%2FAlbum', { 'Accept-Encoding': 'gzip' });
    expect([gzip.headers.get('Content-Encoding'), gzip.headers.get('ETag')]).toEqual(['gzip', 'W/"gzip-marked-gzip"']);
    expect(await (await page('/glaive?folder=Painted%2FAlbum')).text()).toBe('<p>the plain copy</p>');
  });

  it('keeps a build’s pages to that build: another deploy’s copy of the same folder and listing is not answered', async () => {
    const plain = await (await page('/glaive?folder=Painted')).text();
    const address = { library: 'glaive' as const, version: (await env.CACHE.get(libraryPageVersionKey('glaive'))) ?? '', folder: 'Painted' };
    const cache = await caches.open('library-pages');
    const otherBuild = { ...env, CF_VERSION_METADATA: { ...env.CF_VERSION_METADATA, id: 'another-deploy' } };
    expect(libraryPageCacheKey(otherBuild, address, 'identity').url).not.toBe(libraryPageCacheKey(env, address, 'identity').url);
    await cache.put(libraryPageCacheKey(otherBuild, address, 'identity'), new Response('<p>another build</p>', { headers: { ETag: '"other"', ...KEPT } }));
    expect(await (await page('/glaive?folder=Painted')).text()).toBe(plain);
  });

  it('sends the kept copies as they are, readable in every coding, with a 304 per coding', async () => {
    const address = 'http://localhost/glaive?folder=Painted%2FAlbum%2FBonus';
    const html = await (await wire(address, { headers: { 'Accept-Encoding': 'identity' } })).text();
    expect(html).toContain('03 Three');
    for (const coding of ['gzip', 'br', 'identity']) {
      // Twice: made from the plain copy, then answered from its own. fetch() decodes what the Worker sends.
      for (const round of ['made', 'kept']) {
        const res = await wire(address, { headers: { 'Accept-Encoding': coding } });
        expect([coding, round, res.headers.get('Content-Encoding') ?? 'identity']).toEqual([coding, round, coding]);
        expect(await res.text()).toBe(html);
        const etag = res.headers.get('ETag') ?? '';
        expect((await wire(address, { headers: { 'Accept-Encoding': coding, 'If-None-Match': etag } })).status).toBe(304);
      }
    }
  });
});
