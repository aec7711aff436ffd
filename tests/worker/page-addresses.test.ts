import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/index';
import { call, ORIGIN } from './helpers/request';

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

  // Each path's answer is kept for the isolate (render/canonical-url.ts): asked again, and asked in the other order.
  it('answers a spelling the same when asked again, whatever was asked before it', async () => {
    for (const [path, location] of [
      ['/Commands', '/commands'],
      ['/commands', null],
      ['/Commands', '/commands'],
      ['/no-such-page', null],
      ['/Server/300000000000000002', '/server/300000000000000002'],
      ['/Server/300000000000000002', '/server/300000000000000002'],
    ] as const) {
      const res = await call(path);
      expect(res.headers.get('Location'), path).toBe(location);
      await res.arrayBuffer();
    }
  });

  it('keeps API paths as they are', async () => {
    expect((await call('/api/Stats')).status).toBe(404);
    expect((await call('/api/stats/')).status).not.toBe(308);
  });
});

describe("a prerendered page's other spellings (the asset server answers its own address)", () => {
  /** The app with an asset server that holds the built files named here (the Worker tests' assets are public/ alone). */
  const withBuiltFiles = (path: string, files: Readonly<Record<string, string>>) => {
    const asked: string[] = [];
    const ASSETS = {
      fetch: (input: RequestInfo | URL) => {
        const { pathname } = new URL(input instanceof Request ? input.url : input);
        asked.push(pathname);
        const file = files[pathname];
        return Promise.resolve(
          file === undefined ? new Response('Not Found', { status: 404 }) : new Response(file, { headers: { 'Content-Type': 'text/html' } }),
        );
      },
    };
    return { asked, response: app.fetch(new Request(`${ORIGIN}${path}`), { ...env, ASSETS }, createExecutionContext()) };
  };

  it.each([
    ['/tos', '/terms-of-service'],
    ['/index.html', '/'],
    ['/contact.html', '/contact'],
  ])('%s answers the file built for %s, with the headers of every page', async (path, address) => {
    const { asked, response } = withBuiltFiles(path, { [address]: '<p>built</p>' });
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>built</p>');
    expect(asked).toEqual([address]);
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('without a built file (npm run dev), renders the page as the build would, for no visitor', async () => {
    const { response } = withBuiltFiles('/tos.html', {});
    const res = await response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Terms of Service | ServerManager</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/terms-of-service">`);
    expect(html).toContain('{"fallback":{},"prerendered":true,"page":{"route":{"id":"terms"');
  });

  it('asks the asset server for nothing on a page that is rendered per visitor', async () => {
    const { asked, response } = withBuiltFiles('/servers', { '/servers': '<p>built</p>' });
    expect(await (await response).text()).not.toContain('<p>built</p>');
    expect(asked).toEqual([]);
  });
});
