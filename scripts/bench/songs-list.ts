// A big library (default 20,000 songs; issue 13 asks for --songs 100000): the list answer's size on the wire
// and time (cold, cached, 304) with the Worker's CPU per cached answer; then the page in Chromium, through the
// Worker: ready time and per-keystroke search to the next paint. The search index alone is songs-page.ts's.
//   node scripts/bench/songs-list.ts [--songs 100000] [--no-browser]
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { songListCacheKey } from '../../src/shared/songs/limits.ts';
import { benchBindings, benchPersistDir, migrateBenchStorage, SONGS_BENCH_BASE, startSongsBenchServer } from './songs-server.ts';
import { workerdCpuDuring } from './workerd-proc.ts';
import { median } from './quantiles.ts';

const { values } = parseArgs({ options: { songs: { type: 'string', default: '20000' }, 'no-browser': { type: 'boolean', default: false } } });
const songs = Number(values.songs);
const ARTISTS = 400;
const QUERY = 'artist 12 track';

const keyOf = (i: number) => `Artist ${String(i % ARTISTS).padStart(3, '0')}/Album ${Math.floor(i / ARTISTS) % 5}/${String(i).padStart(6, '0')} Track.mp3`;

const persistDir = benchPersistDir(`songs-list-${songs}`);
await migrateBenchStorage(persistDir);
const { env, dispose } = await benchBindings(persistDir);
try {
  if (!(await env.GLAIVE.head(keyOf(songs - 1)))) {
    const t0 = performance.now();
    for (let i = 0; i < songs; i += 200) await Promise.all(Array.from({ length: Math.min(200, songs - i) }, (_, j) => env.GLAIVE.put(keyOf(i + j), 'x')));
    console.log(`Seeded ${songs} paths in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  }
  await env.CACHE.delete(songListCacheKey('glaive'));
} finally {
  await dispose();
}

interface RawAnswer {
  status: number;
  ms: number;
  /** Bytes as they travelled (compressed when Content-Encoding says so). */
  wire: Buffer;
  encoding: string | undefined;
  etag: string;
}

/** A GET that keeps the bytes as sent (Node's fetch would decompress them out of sight). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          wire: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
          etag: res.headers.etag ?? '',
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function inChromium(count: number): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const t0 = performance.now();
    await page.goto(`${SONGS_BENCH_BASE}/glaive`);
    await page
      .getByRole('button', { name: /^Artist 000/ })
      .first()
      .waitFor();
    const ready = performance.now() - t0;
    // Each keystroke: from the input event to the result heading on screen, measured inside the page.
    const perKey = await page.evaluate(async (query: string) => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]');
      if (!input) throw new Error('no search box');
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
    }, QUERY);
    return [
      `| Chromium: page ready with ${count} songs (navigation → tree rendered) | ${ready.toFixed(0)} ms |`,
      `| Chromium: keystroke → results painted, median / worst of ${perKey.length} | ${median(perKey).toFixed(1)} ms / ${Math.max(...perKey).toFixed(1)} ms |`,
      `| Chromium: rows in the DOM after search | ${await page.locator('[role="list"] > li').count()} |`,
    ];
  } finally {
    await browser.close();
  }
}

const server = await startSongsBenchServer(persistDir);
try {
  const url = `${SONGS_BENCH_BASE}/api/get-glaive-songs`;
  const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };
  const cold = await rawGet(url, gzip);
  const json = cold.encoding === 'gzip' ? gunzipSync(cold.wire) : cold.wire;
  const paths = JSON.parse(json.toString('utf8')) as string[];
  const warm = await rawGet(url, gzip);
  const revalidate = await rawGet(url, { ...gzip, 'If-None-Match': cold.etag });
  const identity = await rawGet(url, { 'Accept-Encoding': 'identity' });
  const REPEAT = 50;
  const { cpu } = await workerdCpuDuring(server.workerd, async () => {
    for (let i = 0; i < REPEAT; i++) await rawGet(url, gzip);
  });
  const cpuPerAnswer = cpu ? ((cpu.appSeconds * 1000) / REPEAT).toFixed(1) : 'n/a';

  const lines = [
    `| list, first load (R2 list, ${Math.ceil(paths.length / 1000)} pages, gzip once, KV put) | ${cold.ms.toFixed(0)} ms, ${kb(cold.wire.length)} on the wire (${kb(json.length)} JSON) |`,
    `| list from the KV cache, gzip as stored | ${warm.ms.toFixed(0)} ms, ${kb(warm.wire.length)}; workerd CPU ${cpuPerAnswer} ms per answer |`,
    `| list for a client without gzip (decompressed by the Worker) | ${identity.ms.toFixed(0)} ms, ${kb(identity.wire.length)} |`,
    `| 304 revalidation (If-None-Match) | ${revalidate.status}, ${revalidate.ms.toFixed(0)} ms, ${revalidate.wire.length} B |`,
  ];
  if (!values['no-browser']) {
    // The page belongs to the client; if its markup changed under this script, say so instead of failing the rest.
    lines.push(...(await inChromium(paths.length).catch((error: unknown) => [`| Chromium | not measured: ${String(error).split('\n')[0]} |`])));
  }
  console.log(`\n| ${paths.length.toLocaleString('en')}-song library | figure |`);
  console.log('|---|---|');
  for (const line of lines) console.log(line);
} finally {
  server.stop();
}
