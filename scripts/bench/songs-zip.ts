// Folder zips against the same bytes as single-file downloads, through the local production build.
//   node scripts/bench/songs-zip.ts [--mb 40,300] [--file-mb 5] [--verify] [--profile on|off]
// For each size: the zip of a checksummed folder (CRCs from the index, as after `npm run upload-songs`), the
// first zip of the same bytes that nobody checksummed (CRC-32 computed natively while streaming), and the
// files one by one. Prints throughput, workerd CPU (Worker + local R2 share the process) per MB and workerd RSS,
// then, from a second download of each with the Worker's isolate profiled (--profile off or BENCH_PROFILE=off
// skips it; BENCH_PROFILE_INTERVAL_US, default 100), the Worker isolate's own CPU per MB.
// --verify also downloads each checksummed zip as two ranges, checks they join into the same bytes, and runs
// `unzip -tq` on the result (written to a temporary file).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { crc32 } from 'node:zlib';
import { songListCacheKey } from '../../src/shared/songs/limits.ts';
import { dropFromIndex, saveToIndex } from '../../src/worker/db/song-index.ts';
import { workerIsolateCpuDuring } from './inspector.ts';
import { profileIntervalUs } from './options.ts';
import { benchBindings, benchPersistDir, drain, migrateBenchStorage, SONGS_BENCH_BASE, startSongsBenchServer, type BenchServer } from './songs-server.ts';
import { sampled, type Sampled } from './workerd-proc.ts';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '40,300' },
    'file-mb': { type: 'string', default: '5' },
    verify: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const sizesMb = values.mb.split(',').map(Number);
const fileMb = Number(values['file-mb']);
const intervalUs = profileIntervalUs(values.profile ?? process.env.BENCH_PROFILE, process.env);

interface Folder {
  name: string;
  keys: string[];
}

const persistDir = benchPersistDir('songs-zip');
await migrateBenchStorage(persistDir);
const { env, dispose } = await benchBindings(persistDir);
const body = new Uint8Array(fileMb * 1024 * 1024);
for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
const bodyCrc = crc32(body);

/** Writes the folder's files (if missing) and either indexes their CRCs, as the upload tool does, or removes them from the index. */
async function seedFolder(name: string, totalMb: number, indexed: boolean): Promise<Folder> {
  const keys = Array.from({ length: Math.ceil(totalMb / fileMb) }, (_, i) => `${name}/${String(i + 1).padStart(3, '0')} Track.wav`);
  const rows = [];
  for (const key of keys) {
    const object = (await env.KENJI.head(key)) ?? (await env.KENJI.put(key, body));
    if (!object) throw new Error(`could not store ${key}`);
    rows.push({ path: key, etag: object.etag, size: object.size, crc32: bodyCrc });
  }
  if (indexed) await saveToIndex(env.DB, 'kenji', rows);
  else await dropFromIndex(env.DB, 'kenji', keys);
  return { name, keys };
}

// A first zip stores the CRCs it computed, so the profiled first zip needs a folder of its own.
const plan: { mb: number; indexed: Folder; first: Folder; profiledFirst: Folder | undefined }[] = [];
try {
  for (const mb of sizesMb) {
    plan.push({
      mb,
      indexed: await seedFolder(`Bench/Zip ${mb} MB`, mb, true),
      first: await seedFolder(`Bench/First zip ${mb} MB`, mb, false),
      profiledFirst: intervalUs === undefined ? undefined : await seedFolder(`Bench/First zip profiled ${mb} MB`, mb, false),
    });
    console.log(`Seeded ${Math.ceil(mb / fileMb)} × ${fileMb} MB, checksummed and not (twice if profiled), for ${mb} MB.`);
  }
  await env.CACHE.delete(songListCacheKey('kenji'));
} finally {
  await dispose();
}

const zipUrl = (folder: string) => `${SONGS_BENCH_BASE}/api/download-kenji-folder?folder=${encodeURIComponent(folder)}`;
const songUrl = (key: string) => `${SONGS_BENCH_BASE}/api/download-kenji-song?song=${encodeURIComponent(key)}`;
const pause = () => new Promise((r) => setTimeout(r, 1000));
// DOWNLOAD_LIMITER allows a client 60 downloads a minute; the bench is many clients, one per request.
let clients = 0;
const asNewClient = (headers: Record<string, string> = {}) => {
  clients++;
  return { headers: { ...headers, 'CF-Connecting-IP': `10.77.${Math.floor(clients / 250) % 250}.${clients % 250}` } };
};

async function downloadZip(folder: string): Promise<number> {
  const response = await fetch(zipUrl(folder), asNewClient());
  const declared = Number(response.headers.get('Content-Length'));
  const received = await drain(response);
  if (received !== declared) throw new Error(`zip (${response.status}) Content-Length ${declared} but ${received} bytes arrived`);
  return received;
}

async function downloadFiles(keys: string[]): Promise<number> {
  let bytes = 0;
  for (const key of keys) bytes += await drain(await fetch(songUrl(key), asNewClient()));
  return bytes;
}

async function sha256Of(response: Response, sink?: Writable): Promise<string> {
  const hash = createHash('sha256');
  if (!response.body) return hash.digest('hex');
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return hash.digest('hex');
    hash.update(value);
    if (sink && !sink.write(value)) await new Promise((r) => sink.once('drain', r));
  }
}

/** The zip in two ranges (as a resumed download fetches it) joins into the same bytes, and unzip accepts it. */
async function verifyRanges(folder: string): Promise<string> {
  const whole = await fetch(zipUrl(folder), asNewClient());
  const etag = whole.headers.get('ETag') ?? '';
  const length = Number(whole.headers.get('Content-Length'));
  const expected = await sha256Of(whole);
  const dir = mkdtempSync(join(tmpdir(), 'songs-zip-'));
  try {
    const file = createWriteStream(join(dir, 'joined.zip'));
    const joined = createHash('sha256');
    for (const range of [`bytes=0-${Math.floor(length / 2) - 1}`, `bytes=${Math.floor(length / 2)}-`]) {
      const part = await fetch(zipUrl(folder), asNewClient({ Range: range, 'If-Range': etag }));
      if (part.status !== 206) throw new Error(`${range}: status ${part.status}`);
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          joined.update(chunk);
          file.write(chunk, done);
        },
      });
      await sha256Of(part, sink);
    }
    await new Promise((r) => file.end(r));
    if (joined.digest('hex') !== expected) throw new Error('the two ranges do not join into the whole zip');
    execFileSync('unzip', ['-tq', join(dir, 'joined.zip')], { stdio: 'pipe' });
    return 'two ranges = whole zip; unzip -t: no errors';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const megabytes = (bytes: number) => bytes / 1e6;

/** The Worker isolate's CPU per MB over a second, profiled download; '' when profiling is off. */
async function isolateMsPerMb(server: BenchServer, download: () => Promise<number>): Promise<string> {
  if (intervalUs === undefined) return '';
  const [pid] = server.workerd.app;
  if (pid === undefined) throw new Error('no app workerd to profile');
  await pause();
  const { result: bytes, isolate, calibration } = await workerIsolateCpuDuring(pid, intervalUs, download);
  const calibrated = `${calibration.isolateMs.toFixed(0)} / ${calibration.threadMs?.toFixed(0) ?? 'n/a'} ms`;
  return `${(isolate.cpuMs / megabytes(bytes)).toFixed(3)} ms (${isolate.busySamples} samples × ${Math.round(isolate.periodUs)} µs; calibration ${calibrated})`;
}

const server = await startSongsBenchServer(persistDir);
try {
  const first = plan[0]?.indexed.keys[0] ?? '';
  await drain(await fetch(songUrl(first), asNewClient())); // the first request compiles the Worker
  const rows: string[] = [];
  const notes: string[] = [];
  const row = (name: string, r: Sampled<number>, plain: Sampled<number>, isolate: string) => {
    const mb = megabytes(r.result);
    const ratio = r.seconds > 0 ? plain.seconds / r.seconds : Number.NaN;
    rows.push(
      `| ${name} | ${mb.toFixed(1)} MB | ${r.seconds.toFixed(2)} s | ${(mb / r.seconds).toFixed(0)} MB/s (${ratio.toFixed(2)}×) | ${((r.cpuSeconds * 1000) / mb).toFixed(2)} ms | ${r.startRssMb.toFixed(0)} → ${r.peakRssMb.toFixed(0)} MB | ${isolate} |`,
    );
  };
  for (const { mb, indexed, first: unindexed, profiledFirst } of plan) {
    await pause();
    const plain = await sampled(server.workerd.app, () => downloadFiles(indexed.keys));
    await pause();
    const zip = await sampled(server.workerd.app, () => downloadZip(indexed.name));
    await pause();
    const firstZip = await sampled(server.workerd.app, () => downloadZip(unindexed.name));
    // After the unprofiled downloads: the profiler slows workerd down.
    const plainIsolate = await isolateMsPerMb(server, () => downloadFiles(indexed.keys));
    const zipIsolate = await isolateMsPerMb(server, () => downloadZip(indexed.name));
    const firstIsolate = profiledFirst ? await isolateMsPerMb(server, () => downloadZip(profiledFirst.name)) : '';
    row(`${mb} MB: ${indexed.keys.length} files one by one`, plain, plain, plainIsolate);
    row(`${mb} MB: folder zip, CRCs from the index`, zip, plain, zipIsolate);
    row(`${mb} MB: first zip, CRCs computed while streaming`, firstZip, plain, firstIsolate);
    if (values.verify) notes.push(`${mb} MB: ${await verifyRanges(indexed.name)}`);
  }
  console.log("\nworkerd CPU: the whole process from /proc, local R2 included. Worker isolate CPU: busy samples of a V8 profile of the Worker's isolate alone");
  console.log(
    "× the sampler's measured period, over a second download of the same bytes (calibration: a JS loop in the isolate, its samples × period / workerd's main-thread CPU).",
  );
  console.log('\n| download | bytes | time | throughput (× files one by one) | workerd CPU per MB | workerd RSS (start → peak) | Worker isolate CPU per MB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
  for (const note of notes) console.log(note);
} finally {
  server.stop();
}
