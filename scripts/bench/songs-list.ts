// A 20,000-song library: list answer size and time (cold, cached, 304), then the page in Chromium:
// ready time and per-keystroke search time.
//   node scripts/bench/songs-list.ts [--songs 20000]
import { songListCacheKey } from '../../src/shared/song-limits.ts';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { benchBindings, benchPersistDir, SONGS_BENCH_BASE, startSongsBenchServer } from './songs-server.ts';

const { values } = parseArgs({ options: { songs: { type: 'string', default: '20000' } } });
const songs = Number(values.songs);
const ARTISTS = 400;

const persistDir = benchPersistDir('songs-list');
const { env, dispose } = await benchBindings(persistDir);
try {
  const existing = await env.GLAIVE.list({ limit: 1, prefix: 'Artist ' });
  const marker = `Artist ${String(ARTISTS - 1).padStart(3, '0')}/Album 4/${String(songs - 1).padStart(5, '0')} Track.mp3`;
  if (!existing.objects.length || !(await env.GLAIVE.head(marker))) {
    const t0 = performance.now();
    const keys = Array.from(
      { length: songs },
      (_, i) => `Artist ${String(i % ARTISTS).padStart(3, '0')}/Album ${Math.floor(i / ARTISTS) % 5}/${String(i).padStart(5, '0')} Track.mp3`,
    );
    for (let i = 0; i < keys.length; i += 200) await Promise.all(keys.slice(i, i + 200).map((k) => env.GLAIVE.put(k, 'x')));
    console.log(`Seeded ${songs} paths in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  }
  await env.CACHE.delete(songListCacheKey('glaive'));
} finally {
  await dispose();
}

const server = await startSongsBenchServer(persistDir);
try {
  const url = `${SONGS_BENCH_BASE}/api/get-glaive-songs`;
  const timed = async (init?: RequestInit) => {
    const t0 = performance.now();
    const response = await fetch(url, init);
    const text = await response.text();
    return { ms: performance.now() - t0, status: response.status, text, etag: response.headers.get('ETag') ?? '' };
  };
  const cold = await timed();
  const warm = await timed();
  const revalidate = await timed({ headers: { 'If-None-Match': cold.etag } });
  const count = (JSON.parse(cold.text) as string[]).length;
  console.log(`\n| /api/get-glaive-songs, ${count} paths | status | time | body |`);
  console.log('|---|---|---|---|');
  console.log(
    `| cold (R2 list, ${Math.ceil(count / 1000)} pages) | ${cold.status} | ${cold.ms.toFixed(0)} ms | ${(cold.text.length / 1024).toFixed(0)} KB (${(gzipSync(cold.text).length / 1024).toFixed(0)} KB gzip) |`,
  );
  console.log(`| cached (KV) | ${warm.status} | ${warm.ms.toFixed(0)} ms | same |`);
  console.log(`| If-None-Match | ${revalidate.status} | ${revalidate.ms.toFixed(0)} ms | ${revalidate.text.length} B |`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const t0 = performance.now();
    await page.goto(`${SONGS_BENCH_BASE}/glaive`);
    await page.getByRole('button', { name: /^Artist 000/ }).waitFor();
    const ready = performance.now() - t0;
    // Each keystroke: from the input event to the result count on screen, measured inside the page.
    const perKey = await page.evaluate(async (query: string) => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]');
      if (!input) throw new Error('no search box');
      // The heading names the (deferred) query, so it changes on every keystroke once results render.
      const heading = () => document.querySelector('h2')?.textContent ?? '';
      // React listens for the native value setter, not for assignments to input.value.
      const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      const times: number[] = [];
      for (let i = 1; i <= query.length; i++) {
        const want = `Search results for "${query.slice(0, i).trim()}"`;
        const started = performance.now();
        valueSetter?.set?.call(input, query.slice(0, i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise<void>((resolve) => {
          const check = () => (heading() === want ? resolve() : requestAnimationFrame(check));
          check();
        });
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        times.push(performance.now() - started);
      }
      return times;
    }, 'artist 12 track');
    const sorted = [...perKey].sort((a, b) => a - b);
    console.log(`\n| Chromium, /glaive with ${count} songs | figure |`);
    console.log('|---|---|');
    console.log(`| page ready (navigation → tree rendered) | ${ready.toFixed(0)} ms |`);
    console.log(`| search keystroke → results painted, median of ${perKey.length} | ${(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(1)} ms |`);
    console.log(`| search keystroke, worst | ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms |`);
    console.log(`| DOM rows in the file list after search | ${await page.locator('[role="list"] > li').count()} |`);
  } finally {
    await browser.close();
  }
} finally {
  server.stop();
}
