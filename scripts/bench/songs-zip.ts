// Folder zip vs the same bytes as single-file downloads, through the local production build.
//   node scripts/bench/songs-zip.ts [--mb 300] [--file-mb 5]
// Prints throughput, workerd CPU seconds (Worker + local R2 share the process) and peak workerd RSS.
import { songListCacheKey } from '../../src/shared/song-limits.ts';
import { parseArgs } from 'node:util';
import { benchBindings, benchPersistDir, drain, SONGS_BENCH_BASE, startSongsBenchServer } from './songs-server.ts';
import { sampled } from './workerd-proc.ts';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '300' }, 'file-mb': { type: 'string', default: '5' } } });
const totalMb = Number(values.mb);
const fileMb = Number(values['file-mb']);
const count = Math.ceil(totalMb / fileMb);
const FOLDER = `Bench/Zip ${totalMb} MB`;

const persistDir = benchPersistDir('songs-zip');
const { env, dispose } = await benchBindings(persistDir);
const keys: string[] = [];
try {
  const body = new Uint8Array(fileMb * 1024 * 1024);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
  for (let i = 0; i < count; i++) {
    const key = `${FOLDER}/${String(i + 1).padStart(3, '0')} Track.wav`;
    keys.push(key);
    if ((await env.KENJI.head(key))?.size !== body.length) await env.KENJI.put(key, body);
  }
  await env.CACHE.delete(songListCacheKey('kenji'));
} finally {
  await dispose();
}
console.log(`Seeded ${count} × ${fileMb} MB = ${count * fileMb} MB in '${FOLDER}'.`);

const server = await startSongsBenchServer(persistDir);
try {
  // Warm up (first requests compile the Worker).
  await drain(await fetch(`${SONGS_BENCH_BASE}/api/download-kenji-song?song=${encodeURIComponent(keys[0] ?? '')}`));
  await new Promise((r) => setTimeout(r, 1000));

  const zip = await sampled(server.workerd.app, async () => {
    const response = await fetch(`${SONGS_BENCH_BASE}/api/download-kenji-folder?folder=${encodeURIComponent(FOLDER)}`);
    const declared = Number(response.headers.get('Content-Length'));
    const received = await drain(response);
    if (received !== declared) throw new Error(`zip Content-Length ${declared} but ${received} bytes arrived`);
    return received;
  });
  await new Promise((r) => setTimeout(r, 1000));
  const single = await sampled(server.workerd.app, async () => {
    let bytes = 0;
    for (const key of keys) bytes += await drain(await fetch(`${SONGS_BENCH_BASE}/api/download-kenji-song?song=${encodeURIComponent(key)}`));
    return bytes;
  });

  const row = (name: string, r: typeof zip) =>
    `| ${name} | ${(r.result / 1e6).toFixed(1)} MB | ${r.seconds.toFixed(2)} s | ${(r.result / 1e6 / r.seconds).toFixed(0)} MB/s | ${r.cpuSeconds.toFixed(2)} s | ${r.startRssMb.toFixed(0)} → ${r.peakRssMb.toFixed(0)} MB |`;
  console.log(`\n| download | bytes | time | throughput | workerd CPU | workerd RSS (start → peak) |`);
  console.log(`|---|---|---|---|---|---|`);
  console.log(row(`folder zip (${count} files)`, zip));
  console.log(row(`${count} single files, one after another`, single));
} finally {
  server.stop();
}
