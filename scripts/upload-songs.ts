// Operator command: upload a local folder into a song library.
//   npm run upload-songs -- <kenji|glaive> <localFolder> [--prefix Some/Folder] [--remote] [--dry-run]
// Local (default): writes the local R2 under PERSIST_DIR through wrangler's platform proxy.
// --remote: runs `wrangler r2 object put --remote` per file (needs `wrangler login`), then clears the
// cached listing in the remote KV so the page shows the new files at once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { getPlatformProxy } from 'wrangler';
import { PERSIST_DIR } from './demo-config.ts';
import { run } from './process-tools.ts';
import { contentTypeOf } from '../src/shared/content-types.ts';
import { songListCacheKey } from '../src/shared/song-limits.ts';

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

const files = [...walk(folder)].map((path) => {
  const relativeKey = relative(folder, path).split(sep).join('/');
  return { path, key: prefix ? `${prefix}/${relativeKey}` : relativeKey, size: statSync(path).size };
});
const badKey = files.find((f) => f.key.split('/').some((s) => s === '' || s === '.' || s === '..') || Buffer.byteLength(f.key) > 1024);
if (badKey) {
  console.error(`Refusing to upload '${badKey.key}': not a valid library path.`);
  process.exit(1);
}
console.log(`${files.length} files, ${(files.reduce((s, f) => s + f.size, 0) / 1e6).toFixed(1)} MB → ${library}${values.remote ? ' (remote)' : ' (local)'}`);
if (values['dry-run']) {
  for (const f of files) console.log(`  ${f.key}`);
  process.exit(0);
}

if (values.remote) {
  for (const [i, f] of files.entries()) {
    console.log(`[${i + 1}/${files.length}] ${f.key}`);
    await run('npx', ['wrangler', 'r2', 'object', 'put', `${target.bucket}/${f.key}`, '--file', f.path, '--content-type', contentTypeOf(f.key), '--remote']);
  }
  await run('npx', ['wrangler', 'kv', 'key', 'delete', songListCacheKey(library), '--binding', 'CACHE', '--remote']).catch(() => {
    console.warn('Could not clear the cached song list; it expires within a minute anyway.');
  });
} else {
  const { env, dispose } = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${PERSIST_DIR}/v3` } });
  try {
    const bucket = env[target.binding];
    let uploaded = 0;
    for (const [i, f] of files.entries()) {
      const body = readFileSync(f.path);
      // Single-part R2 ETags are the MD5 of the content: skip files that are already there.
      const existing = await bucket.head(f.key);
      if (existing?.etag === createHash('md5').update(body).digest('hex')) continue;
      await bucket.put(f.key, body, { httpMetadata: { contentType: contentTypeOf(f.key) } });
      uploaded++;
      if (uploaded % 50 === 0) console.log(`  ${i + 1}/${files.length}`);
    }
    await env.CACHE.delete(songListCacheKey(library));
    console.log(`Uploaded ${uploaded} files (${files.length - uploaded} unchanged).`);
  } finally {
    await dispose();
  }
}
