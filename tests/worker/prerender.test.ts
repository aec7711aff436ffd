import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { prerender } from '../../src/worker/render/prerender';
import { call } from './helpers/request';

/** `_headers` blocks: an unindented URL line, then its indented `name: value` lines. */
function parseRules(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) rules.set(line, (current = new Map<string, string>()));
    else {
      const [name = '', ...value] = line.trim().split(': ');
      current?.set(name, value.join(': '));
    }
  }
  return rules;
}

describe('the prerendered pages (what the build writes into the assets directory)', () => {
  it('are one file per page, named for the address the asset server answers with it', async () => {
    const { files } = await prerender(env.APP_ORIGIN);
    expect(files.map((file) => file.name).sort()).toEqual(['commands.html', 'contact.html', 'index.html', 'privacy-policy.html', 'terms-of-service.html']);
    const terms = files.find((file) => file.name === 'terms-of-service.html')?.body;
    expect(terms).toContain('<title>Terms of Service | ServerManager</title>');
    expect(terms).toContain(`<link rel="canonical" href="${env.APP_ORIGIN}/terms-of-service">`);
  });

  it('hold the same HTML the Worker renders for an alias when no file was built', async () => {
    const { files } = await prerender(env.APP_ORIGIN);
    const built = files.find((file) => file.name === 'commands.html')?.body;
    expect(await (await call('/commands.html')).text()).toBe(built);
  });

  it("carry, through _headers, every header the Worker's own pages carry, for each address", async () => {
    const rules = parseRules((await prerender(env.APP_ORIGIN)).headerRules);
    expect([...rules.keys()].sort()).toEqual(['/', '/commands', '/contact', '/privacy-policy', '/terms-of-service']);
    const worker = await call('/servers');
    await worker.arrayBuffer();
    // The request id is each answer's own; the asset server's answers have none (nor a log line to match).
    const skipped = new Set(['content-type', 'content-length', 'cache-control', 'vary', 'set-cookie', 'x-request-id']);
    const expected = [...worker.headers].filter(([name]) => !skipped.has(name));
    expect(expected.length).toBeGreaterThan(5);
    for (const [address, headers] of rules) {
      for (const [name, value] of expected) expect(headers.get(name), `${address} ${name}`).toBe(value);
      expect(headers.get('cache-control'), address).toBe('public, no-cache');
    }
  });
});
