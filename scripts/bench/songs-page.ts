// The library page with a big library, in Chromium: page ready and search per keystroke, plus the search
// index alone in Node. The list answer is served by the browser harness (the Worker's listing has its own
// bench, songs-list.ts), so this measures the page: parse, tree, index, render.
//   node scripts/bench/songs-page.ts [--songs 100000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'rolldown';
import { benchPersistDir, SONGS_BENCH_BASE, startSongsBenchServer } from './songs-server.ts';
import { median } from './quantiles.ts';

const { values } = parseArgs({ options: { songs: { type: 'string', default: '100000' } } });
const songs = Number(values.songs);
const ARTISTS = 400;
const QUERIES = ['artist 12 track', 'album 3 0042', 'track'];

const paths = Array.from(
  { length: songs },
  (_, i) => `Artist ${String(i % ARTISTS).padStart(3, '0')}/Album ${Math.floor(i / ARTISTS) % 5}/${String(i).padStart(6, '0')} Track.mp3`,
).sort();
const sizes = paths.map((_, i) => 3_000_000 + ((i * 7919) % 4_000_000));

const worst = (xs: number[]) => Math.max(...xs);

// 1. The index alone (src/client/features/library/song-search.ts, bundled for Node: the app's imports are extensionless).
const dir = mkdtempSync(join(tmpdir(), 'songs-search-'));
try {
  const file = join(dir, 'song-search.mjs');
  await build({ input: 'src/client/features/library/song-search.ts', output: { file, format: 'esm' }, platform: 'node', logLevel: 'silent' });
  // The module's own types live in the app's project; this is the slice the bench calls.
  const { buildSongSearchIndex, createSongSearch } = (await import(pathToFileURL(file).href)) as {
    buildSongSearchIndex: (paths: readonly string[]) => unknown;
    createSongSearch: (index: unknown) => { search: (query: string) => { files: { length: number } } };
  };
  const t0 = performance.now();
  const index = buildSongSearchIndex(paths);
  const built = performance.now() - t0;
  const times: number[] = [];
  for (const query of QUERIES) {
    const search = createSongSearch(index);
    for (let i = 1; i <= query.length; i++) {
      const t = performance.now();
      search.search(query.slice(0, i));
      times.push(performance.now() - t);
    }
  }
  console.log(`\n| search index, ${songs} songs, Node | figure |`);
  console.log('|---|---|');
  console.log(`| build once | ${built.toFixed(0)} ms |`);
  console.log(
    `| per keystroke (${times.length} keystrokes: ${QUERIES.map((q) => `'${q}'`).join(', ')}), median / worst | ${median(times).toFixed(2)} ms / ${worst(times).toFixed(1)} ms |`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// 2. The page in Chromium.
const server = await startSongsBenchServer(benchPersistDir('songs-page'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const body = JSON.stringify({ paths, sizes });
  const readies: number[] = [];
  const keystrokes: number[] = [];
  for (let run = 0; run < 3; run++) {
    const page = await browser.newPage();
    await page.route('**/api/get-glaive-songs**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    const t0 = performance.now();
    await page.goto(`${SONGS_BENCH_BASE}/glaive`);
    await page.getByRole('button', { name: /^Artist 000/ }).waitFor();
    await page.getByText(`${songs} in total`).waitFor();
    readies.push(performance.now() - t0);
    // Idle time builds the index; a listener's first keystroke comes later than that.
    await page.waitForTimeout(1000);
    // Each keystroke: from the input event to the results committed to the DOM, measured inside the page.
    const perKey = await page.evaluate(async (query: string) => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]');
      const heading = document.querySelector('section[aria-labelledby] h2');
      if (!input || !heading) throw new Error('no search box or heading');
      // React listens for the native value setter, not for assignments to input.value.
      const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      const times: number[] = [];
      for (let i = 1; i <= query.length; i++) {
        const want = `Search results for "${query.slice(0, i).trim()}"`;
        const started = performance.now();
        await new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (heading.textContent === want) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(heading, { childList: true, characterData: true, subtree: true });
          valueSetter?.set?.call(input, query.slice(0, i));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (heading.textContent === want) {
            observer.disconnect();
            resolve();
          }
        });
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 30));
      }
      return times;
    }, QUERIES[0] as string);
    keystrokes.push(...perKey);
    await page.close();
  }
  console.log(`\n| Chromium, /glaive with ${songs} songs (3 runs) | figure |`);
  console.log('|---|---|');
  console.log(`| page ready (navigation → tree and counts rendered), median / worst | ${median(readies).toFixed(0)} ms / ${worst(readies).toFixed(0)} ms |`);
  console.log(
    `| search keystroke → results in the DOM, median / worst of ${keystrokes.length} | ${median(keystrokes).toFixed(1)} ms / ${worst(keystrokes).toFixed(1)} ms |`,
  );
} finally {
  await browser.close();
  server.stop();
}
