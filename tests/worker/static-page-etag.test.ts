import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/index';
import { prerender } from '../../src/worker/render/prerender';
import { call, ORIGIN } from './helpers/request';

/**
 * A prerendered page that the Worker answers itself (`/tos`, `/index.html`, `/commands.html`…, or any page where
 * no file was built) comes in the coding the client prefers, each coding with its own ETag and
 * `Vary: Accept-Encoding` (RFC 9110 section 8.8.3, issue 36): the plain page's tag is the hash of its bytes, a
 * coded copy's the same with the coding as a suffix, weak (the runtime compresses it). A conditional request with
 * another coding's tag gets the page, not a 304. The page's own address is the asset server's (see prerender.ts).
 */

const BUILT = '<!doctype html><p>built terms</p>';
/** SHA-256 of BUILT, first 16 bytes. */
const BUILT_HASH = 'afa4beb40229c8f1430e7b4d995fa03b';

/** The app with an asset server holding BUILT for /terms-of-service (the Worker tests' assets are public/ alone). */
function tos(headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', cf?: { clientAcceptEncoding: string }): Promise<Response> {
  const ASSETS = {
    fetch: (input: RequestInfo | URL) =>
      Promise.resolve(
        new URL(input instanceof Request ? input.url : input).pathname === '/terms-of-service'
          ? new Response(BUILT, { headers: { 'Content-Type': 'text/html', ETag: '"the-asset-servers-own"' } })
          : new Response('Not Found', { status: 404 }),
      ),
  };
  const request = new Request(`${ORIGIN}/tos`, { method, headers, ...(cf ? { cf: cf as IncomingRequestCfProperties } : {}) });
  return Promise.resolve(app.fetch(request, { ...env, ASSETS }, createExecutionContext()));
}

async function sha256Hex16(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe("a prerendered page's other addresses: one ETag per coding", () => {
  it('tags the plain page with its hash, and the gzip and brotli copies with the hash and their coding', async () => {
    expect(await sha256Hex16(BUILT)).toBe(BUILT_HASH);
    const answers = {
      identity: await tos(),
      gzip: await tos({ 'Accept-Encoding': 'gzip' }),
      br: await tos({ 'Accept-Encoding': 'br' }),
    };
    expect(answers.identity.headers.get('ETag')).toBe(`"${BUILT_HASH}"`);
    expect(answers.gzip.headers.get('ETag')).toBe(`W/"${BUILT_HASH}-gzip"`);
    expect(answers.br.headers.get('ETag')).toBe(`W/"${BUILT_HASH}-br"`);
    expect(answers.identity.headers.get('Content-Encoding')).toBeNull();
    expect(answers.gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(answers.br.headers.get('Content-Encoding')).toBe('br');
    for (const [coding, answer] of Object.entries(answers)) {
      expect(answer.status, coding).toBe(200);
      expect(answer.headers.get('Vary'), coding).toBe('Accept-Encoding');
      expect(answer.headers.get('Cache-Control'), coding).toBe('public, no-cache');
      expect(answer.headers.get('Content-Type'), coding).toBe('text/html; charset=UTF-8');
      // In-process the body is what the runtime will compress as it sends it.
      expect(await answer.text(), coding).toBe(BUILT);
    }
  });

  it('answers 304 to its own coding’s tag only; another coding’s tag gets the whole page', async () => {
    const tags = { identity: `"${BUILT_HASH}"`, gzip: `W/"${BUILT_HASH}-gzip"`, br: `W/"${BUILT_HASH}-br"` };
    const statuses: Record<string, number> = {};
    for (const [coding, accept] of [
      ['identity', 'identity'],
      ['gzip', 'gzip'],
      ['br', 'br'],
    ] as const) {
      for (const [tagged, tag] of Object.entries(tags)) {
        const response = await tos({ 'Accept-Encoding': accept, 'If-None-Match': tag });
        statuses[`${coding} asked with ${tagged}'s tag`] = response.status;
        if (response.status === 304) {
          expect(response.headers.get('ETag')).toBe(tags[coding]);
          expect(response.headers.get('Vary')).toBe('Accept-Encoding');
          expect(await response.text()).toBe('');
        } else expect(await response.text()).toBe(BUILT);
      }
    }
    expect(statuses).toEqual({
      "identity asked with identity's tag": 304,
      "identity asked with gzip's tag": 200,
      "identity asked with br's tag": 200,
      "gzip asked with identity's tag": 200,
      "gzip asked with gzip's tag": 304,
      "gzip asked with br's tag": 200,
      "br asked with identity's tag": 200,
      "br asked with gzip's tag": 200,
      "br asked with br's tag": 304,
    });
  });

  it('compares If-None-Match weakly, in a list, and takes *; the tag without its suffix is another page', async () => {
    const gzip = (ifNoneMatch: string) => tos({ 'Accept-Encoding': 'gzip', 'If-None-Match': ifNoneMatch }).then((r) => r.status);
    expect(await gzip(`"${BUILT_HASH}-gzip"`), 'the strong spelling of the weak tag').toBe(304);
    expect(await gzip(`"other", W/"${BUILT_HASH}-gzip"`)).toBe(304);
    expect(await gzip(`"${BUILT_HASH}", W/"${BUILT_HASH}-br"`)).toBe(200);
    expect(await gzip(`W/"${BUILT_HASH}"`)).toBe(200);
    expect(await gzip(`"${BUILT_HASH}-gzip-gzip"`)).toBe(200);
    expect(await gzip('*')).toBe(304);
    expect(await tos({ 'If-None-Match': `W/"${BUILT_HASH}"` }).then((r) => r.status), 'weak comparison of the plain tag').toBe(304);
  });

  it("goes by what the client sent, which Cloudflare's edge keeps in cf.clientAcceptEncoding when it replaces the header", async () => {
    const edge = { 'Accept-Encoding': 'br, gzip' };
    const answers = await Promise.all(
      ['gzip', 'identity', '', 'gzip, deflate, br'].map(async (sent) => (await tos(edge, 'GET', { clientAcceptEncoding: sent })).headers.get('ETag')),
    );
    expect(answers).toEqual([`W/"${BUILT_HASH}-gzip"`, `"${BUILT_HASH}"`, `"${BUILT_HASH}"`, `W/"${BUILT_HASH}-gzip"`]);
    expect((await tos(edge)).headers.get('ETag'), 'without the edge, the header is the client’s').toBe(`W/"${BUILT_HASH}-br"`);
  });

  it('answers HEAD with the same tag and coding as GET', async () => {
    const head = await tos({ 'Accept-Encoding': 'gzip, br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('ETag')).toBe(`W/"${BUILT_HASH}-gzip"`);
    expect(head.headers.get('Content-Encoding')).toBe('gzip');
    expect(head.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('tags a page rendered where no file was built the same way, from its own bytes', async () => {
    const plain = await call('/tos.html');
    const html = await plain.text();
    const hash = await sha256Hex16(html);
    expect(plain.headers.get('ETag')).toBe(`"${hash}"`);
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    // Through the runtime, which compresses the body as it sends it and, like a browser, decodes it.
    const gzip = await call('/tos.html', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('ETag')).toBe(`W/"${hash}-gzip"`);
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(html);
    const br = await call('/tos.html', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('ETag')).toBe(`W/"${hash}-br"`);
    expect(await br.text()).toBe(html);
    const revalidated = await call('/tos.html', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/"${hash}-gzip"` } });
    expect(revalidated.status).toBe(304);
    const crossed = await call('/tos.html', { headers: { 'Accept-Encoding': 'identity', 'If-None-Match': `W/"${hash}-gzip"` } });
    expect(crossed.status).toBe(200);
    expect(await crossed.text()).toBe(html);
  });
});

describe("the prerendered pages' own addresses (the asset server's answers)", () => {
  it('say, through _headers, that they vary with Accept-Encoding (the edge compresses them per client)', async () => {
    const { headerRules } = await prerender(env.APP_ORIGIN);
    const blocks = headerRules.split('\n\n').filter((block) => block.trim() !== '');
    expect(blocks).toHaveLength(5);
    for (const block of blocks) expect(block.split('\n'), block.split('\n')[0]).toContain('  vary: Accept-Encoding');
  });
});
