import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/shared/api-keys';
import { matchAppRoute } from '../../src/client/routes';
import { pageDataOf } from '../../src/worker/render/loaders';
import { GUILDS, loginDemoUsers } from './helpers/login';
import { call } from './helpers/request';

let admin = '';
beforeAll(async () => {
  ({ admin } = await loginDemoUsers());
});

const islandOf = async (path: string, cookie: string) => {
  const html = await (await call(path, { cookie })).text();
  const json = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { fallback: Record<string, unknown> }).fallback;
};

describe('every key the pages read is a GET the API app answers', () => {
  // Glaive Studio is the admin's own server: every key below answers them 200.
  const keys = Object.entries(apiKeys).map(
    ([name, key]) => [name, typeof key === 'string' ? key : key(name.startsWith('admin') && name.endsWith('Search') ? 'Gla' : GUILDS.glaiveStudio)] as const,
  );

  it.each(keys)('%s: %s', async (_name, key) => {
    const res = await call(key, { cookie: admin });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});

describe("each page's first-paint data is what the API answers under the same key", () => {
  // The landing page is built into a file: it has no first-paint data (its figures are asked for after hydration).
  it.each(['/servers', `/server/${GUILDS.glaiveStudio}`, '/admin'])('%s', async (path) => {
    const { route, params } = matchAppRoute(path);
    const keys = pageDataOf(route.id)?.keys(params) ?? [];
    expect(keys.length, 'the page has first-paint data').toBeGreaterThan(0);
    const fallback = await islandOf(path, admin);
    for (const key of keys) {
      expect(fallback, key).toHaveProperty([key]);
      expect(fallback[key], key).toEqual(await (await call(key, { cookie: admin })).json());
    }
  });
});
