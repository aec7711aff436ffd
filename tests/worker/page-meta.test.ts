import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from './helpers/request';

/** The head's tags by their `name` or `property`, and the canonical link. */
async function head(path: string) {
  const html = await (await call(path)).text();
  const headHtml = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string>();
  for (const [, key = '', value = ''] of headHtml.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) tags.set(key, value);
  const title = /<title>([^<]*)<\/title>/.exec(headHtml)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(headHtml)?.[1];
  return { tags, title, canonical };
}

const PUBLIC_PAGES = ['/', '/commands', '/privacy-policy', '/terms-of-service', '/contact', '/kenji', '/glaive'];

describe('what a shared link shows (Open Graph, Twitter card)', () => {
  it.each(PUBLIC_PAGES)('%s has its own title and description, an absolute image on APP_ORIGIN and its canonical address', async (path) => {
    const { tags, title, canonical } = await head(path);
    expect(env.APP_ORIGIN).toBe('http://localhost');
    expect(tags.get('og:title')).toBe(title);
    expect(tags.get('og:description')).toBe(tags.get('description'));
    expect(tags.get('description')?.length).toBeGreaterThan(40);
    expect(tags.get('og:image')).toBe('http://localhost/og-image.jpg');
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    // X falls back to og:title, og:description and og:image: its own copies would only add bytes.
    expect([...tags.keys()].filter((key) => key.startsWith('twitter:'))).toEqual(['twitter:card']);
    expect(tags.get('og:url')).toBe(`http://localhost${path}`);
    expect(canonical).toBe(`http://localhost${path}`);
  });

  it('gives every public page a title and a description of its own', async () => {
    const heads = await Promise.all(PUBLIC_PAGES.map(head));
    expect(new Set(heads.map((h) => h.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(heads.map((h) => h.tags.get('description'))).size).toBe(PUBLIC_PAGES.length);
  });

  it.each([
    ['/index.html', '/'],
    ['/tos', '/terms-of-service'],
    ['/tos.html', '/terms-of-service'],
    ['/commands.html', '/commands'],
    ['/bite', '/servers'],
  ])('%s names %s as its address', async (path, address) => {
    const { tags, canonical } = await head(path);
    expect(tags.get('og:url')).toBe(`http://localhost${address}`);
    expect(canonical).toBe(`http://localhost${address}`);
  });

  it('names no address for a page that does not exist, and still previews', async () => {
    const { tags, canonical, title } = await head('/no-such-page');
    expect(title).toBe('Page Not Found | ServerManager');
    expect(tags.has('og:url')).toBe(false);
    expect(canonical).toBeUndefined();
    expect(tags.get('og:image')).toBe('http://localhost/og-image.jpg');
  });

  it('escapes what it puts in an attribute', async () => {
    const html = await (await call('/commands')).text();
    expect(html).toContain('<meta property="og:site_name" content="ServerManager">');
    expect(html).not.toMatch(/content="[^"]*<[^"]*"/);
  });
});
