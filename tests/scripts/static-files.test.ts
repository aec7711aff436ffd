import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** wrangler.toml's `[assets] run_worker_first`, a JSON-shaped TOML array of path patterns. */
function runWorkerFirst(): string[] {
  const line = /^run_worker_first = (\[.*\])$/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
  if (line === undefined) throw new Error('wrangler.toml has no run_worker_first array');
  return JSON.parse(line) as string[];
}

/** Cloudflare's rule: a path goes to the Worker first when a pattern matches it and no `!` pattern does. */
function toRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function reachesWorkerFirst(path: string, patterns: string[]): boolean {
  const matches = (p: string) => toRegExp(p).test(path);
  return patterns.some((p) => !p.startsWith('!') && matches(p)) && !patterns.some((p) => p.startsWith('!') && matches(p.slice(1)));
}

describe('run_worker_first', () => {
  const patterns = runWorkerFirst();

  it('leaves every file in public/ and every built asset to the asset server', () => {
    const files = readdirSync('public', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== '_headers')
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice('public/'.length));
    expect(files.length).toBeGreaterThan(0);
    for (const name of [...files, 'assets/main-abc123.js', 'assets/main-abc123.css']) expect(reachesWorkerFirst(`/${name}`, patterns), name).toBe(false);
  });

  it('leaves the prerendered pages to the asset server by their addresses (scripts/prerender.ts writes their files)', () => {
    for (const path of ['/', '/commands', '/privacy-policy', '/terms-of-service', '/contact']) expect(reachesWorkerFirst(path, patterns), path).toBe(false);
  });

  it("sends other pages, the prerendered pages' other spellings, the API and unknown paths straight to the Worker", () => {
    const paths = [
      '/commands.html',
      '/index.html',
      '/tos',
      '/Commands',
      '/kenji/',
      '/kenji.html',
      '/servers',
      '/server/300000000000000001',
      '/api/stats',
      '/nope',
      '/favicon.svg.bak',
      '/screenshots',
    ];
    for (const path of paths) expect(reachesWorkerFirst(path, patterns), path).toBe(true);
  });
});
