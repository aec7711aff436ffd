// Operator command: upload a local folder into a song library.
//   npm run upload-songs -- <kenji|glaive> <localFolder> [--prefix Some/Folder] [--remote] [--dry-run]
// Local (default): writes the local R2 under PERSIST_DIR through wrangler's platform proxy.
// --remote: runs `wrangler r2 object put --remote` per file (needs `wrangler login`).
// Either way each file's CRC-32 and length go into the D1 index (song_index) as it enters the library, so folder
// zips never checksum it and the pages show its length, and the cached listing is cleared so the page shows the
// new files at once.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { crc32 } from 'node:zlib';
import { getPlatformProxy } from 'wrangler';
import { PERSIST_DIR } from './demo-config.ts';
import { run } from './process-tools.ts';
import { contentTypeOf } from '../src/shared/content-types.ts';
import { songListCacheKeys } from '../src/shared/songs/limits.ts';
import { indexUpsertSql, saveToIndex, type IndexedSong } from '../src/worker/db/song-index.ts';
import { isPlayable } from '../src/shared/songs/paths.ts';
import { bytesSource, songDuration } from '../src/worker/songs/song-duration.ts';
import { planUploadKeys, RefusedUpload, type PlannedUpload } from './upload-keys.ts';

const BUCKETS = { kenji: { binding: 'KENJI', bucket: 'kenji-library' }, glaive: { binding: 'GLAIVE', bucket: 'glaive-library' } } as const;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { remote: { type: 'boolean', default: false }, prefix: { type: 'string', default: '' }, 'dry-run': { type: 'boolean', default: false } },
});
const [library, folder] = positionals;
if (!library || !folder || !(library in BUCKETS)) {
  console.error('Usage: npm run upload-songs -- <kenji|glaive> <localFolder> [--prefix Some/Folder] [--remote] [--dry-run]');
  process.exit(2);
}
const target = BUCKETS[library as keyof typeof BUCKETS];
const prefix = values.prefix.replace(/^\/+|\/+$/g, '');

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .DS_Store and friends
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const local = [...walk(folder)].map((path) => ({ path, relative: relative(folder, path).split(sep).join('/') }));
let files: (PlannedUpload & { size: number })[];
try {
  files = planUploadKeys(local, prefix).map((file) => ({ ...file, size: statSync(file.path).size }));
} catch (error) {
  if (!(error instanceof RefusedUpload)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`${files.length} files, ${(files.reduce((s, f) => s + f.size, 0) / 1e6).toFixed(1)} MB → ${library}${values.remote ? ' (remote)' : ' (local)'}`);
if (values['dry-run']) {
  for (const f of files) console.log(`  ${f.key}`);
  process.exit(0);
}

/** What the index records for a file: a single-part R2 ETag is the MD5 of the content. */
async function indexRow(key: string, body: Uint8Array): Promise<IndexedSong> {
  const etag = createHash('md5').update(body).digest('hex');
  return { path: key, etag, size: body.length, crc32: crc32(body), duration: isPlayable(key) ? await songDuration(bytesSource(body)) : null };
}

if (values.remote) {
  const rows: IndexedSong[] = [];
  for (const [i, f] of files.entries()) {
    console.log(`[${i + 1}/${files.length}] ${f.key}`);
    await run('npx', ['wrangler', 'r2', 'object', 'put', `${target.bucket}/${f.key}`, '--file', f.path, '--content-type', contentTypeOf(f.key), '--remote']);
    rows.push(await indexRow(f.key, readFileSync(f.path)));
  }
  // A multipart upload's ETag is not the MD5: its row is then ignored, and the cron's reconcile checksums it.
  const sqlDir = mkdtempSync(join(tmpdir(), 'upload-songs-'));
  try {
    writeFileSync(join(sqlDir, 'index.sql'), rows.map((row) => indexUpsertSql(library, row)).join('\n'));
    await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--remote', '--file', join(sqlDir, 'index.sql')]);
  } finally {
    rmSync(sqlDir, { recursive: true, force: true });
  }
  for (const key of songListCacheKeys(library)) {
    await run('npx', ['wrangler', 'kv', 'key', 'delete', key, '--binding', 'CACHE', '--remote']).catch(() => {
      console.warn('Could not clear the cached song list; the cron rebuilds it within 15 minutes.');
    });
  }
} else {
  const { env, dispose } = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${PERSIST_DIR}/v3` } });
  try {
    const bucket = env[target.binding];
    let uploaded = 0;
    const rows: IndexedSong[] = [];
    for (const [i, f] of files.entries()) {
      const body = readFileSync(f.path);
      const existing = await bucket.head(f.key);
      const row = await indexRow(f.key, body);
      // Files already there (same ETag) are not sent again, but are indexed in case they were not.
      if (existing?.etag === row.etag) rows.push(row);
      else {
        const stored = await bucket.put(f.key, body, { httpMetadata: { contentType: contentTypeOf(f.key) } });
        rows.push({ ...row, etag: stored.etag });
        uploaded++;
        if (uploaded % 50 === 0) console.log(`  ${i + 1}/${files.length}`);
      }
      if (rows.length === 100) await saveToIndex(env.DB, library, rows.splice(0));
    }
    await saveToIndex(env.DB, library, rows);
    await Promise.all(songListCacheKeys(library).map((key) => env.CACHE.delete(key)));
    console.log(`Uploaded ${uploaded} files (${files.length - uploaded} unchanged).`);
  } finally {
    await dispose();
  }
}
