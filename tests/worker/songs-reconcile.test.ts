import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { crc32 } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { silentMp3, sineWav } from '../../scripts/seed-songs';
import { readIndexUnder, saveToIndex } from '../../src/worker/db/song-index';
import worker from '../../src/worker/index';
import { R2_LIST_PAGE } from '../../src/worker/songs/library';
import { reconcileLibrary } from '../../src/worker/songs/reconcile';
import { invalidateSongList } from '../../src/worker/songs/song-list';
import { required } from '../helpers/required';

/**
 * Issue 13: objects that reach a library by any route get their CRC-32 once (the cron's reconcile), rows of
 * deleted objects go, and the cached song list is refreshed when the library changes, not only by expiry.
 */

const pattern = (n: number, seed = 0) => Uint8Array.from({ length: n }, (_, i) => (i * 5 + seed) % 253);
const list = (headers: Record<string, string> = {}) => exports.default.fetch(new Request('http://localhost/api/get-glaive-songs', { headers }));

async function runCron() {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const rowsOf = async (prefix: string) => (await readIndexUnder(env.DB, 'glaive', prefix)).map((r) => ({ path: r.path, size: r.size, crc32: r.crc32 }));

beforeEach(async () => {
  for (;;) {
    const old = await env.GLAIVE.list({ prefix: 'Arrived/' });
    if (old.objects.length === 0) break;
    await env.GLAIVE.delete(old.objects.map((o) => o.key));
  }
  await reconcileLibrary(env, 'glaive');
});

describe('the cron reconcile', () => {
  it('checksums an object that arrived without a CRC, natively and once', async () => {
    const object = required(await env.GLAIVE.put('Arrived/Elsewhere/a.wav', pattern(9000, 1)), 'the stored object');
    expect(await rowsOf('Arrived/')).toEqual([]);
    await runCron();
    const [row] = await readIndexUnder(env.DB, 'glaive', 'Arrived/');
    // Not a real WAV: read, and no length.
    expect(row).toEqual({ path: 'Arrived/Elsewhere/a.wav', etag: object.etag, size: 9000, crc32: crc32(pattern(9000, 1)), duration: null });
    expect(await reconcileLibrary(env, 'glaive')).toEqual({ checksummed: 0, dropped: 0, deferred: 0, durationsRead: 0, listRefreshed: false });
  });

  it('re-checksums an object replaced under the same path, and drops the row of a deleted one', async () => {
    await env.GLAIVE.put('Arrived/x.wav', pattern(100, 1));
    await env.GLAIVE.put('Arrived/y.wav', pattern(100, 2));
    await runCron();
    await env.GLAIVE.put('Arrived/x.wav', pattern(100, 3));
    await env.GLAIVE.delete('Arrived/y.wav');
    expect(await reconcileLibrary(env, 'glaive')).toMatchObject({ checksummed: 1, dropped: 1 });
    expect(await rowsOf('Arrived/')).toEqual([{ path: 'Arrived/x.wav', size: 100, crc32: crc32(pattern(100, 3)) }]);
  });

  // R2 lists at most 1000 objects a page (R2_LIST_PAGE); the walk across pages is the same at any page size, so 13
  // objects in pages of 5 try it without writing 1,003 objects (half a minute on a busy machine).
  it('walks past a full page without dropping rows of the next page', async () => {
    expect(R2_LIST_PAGE).toBe(1000);
    const keys = Array.from({ length: 13 }, (_, i) => `Arrived/Many/${String(i).padStart(4, '0')}.wav`);
    await Promise.all(keys.map((k) => env.GLAIVE.put(k, 'x')));
    const PAGE = 5;
    expect(await reconcileLibrary(env, 'glaive', undefined, PAGE)).toMatchObject({ checksummed: 13, dropped: 0 });
    expect(await reconcileLibrary(env, 'glaive', undefined, PAGE)).toEqual({ checksummed: 0, dropped: 0, deferred: 0, durationsRead: 0, listRefreshed: false });
    expect((await rowsOf('Arrived/Many/')).map((row) => row.path)).toEqual(keys);
  });

  it('defers what does not fit in its byte budget to the next run', async () => {
    await env.GLAIVE.put('Arrived/big.wav', pattern(2000));
    await env.GLAIVE.put('Arrived/small.wav', pattern(1000));
    expect(await reconcileLibrary(env, 'glaive', 1000)).toMatchObject({ checksummed: 1, deferred: 1 });
    expect((await rowsOf('Arrived/')).map((r) => r.path)).toEqual(['Arrived/small.wav']);
    expect(await reconcileLibrary(env, 'glaive', 2000)).toMatchObject({ checksummed: 1, deferred: 0 });
  });
});

describe('song lengths', () => {
  const sized = async () =>
    (await exports.default.fetch(new Request('http://localhost/api/get-glaive-songs?sizes=1'))).json<{ paths: string[]; durations: (number | null)[] }>();
  const durationOf = async (path: string) => {
    const { paths, durations } = await sized();
    return durations[paths.indexOf(path)];
  };

  it('are read for an object that arrived without upload-songs, and listed with ?sizes=1', async () => {
    const object = required(await env.GLAIVE.put('Arrived/tone.wav', sineWav(440, 3)), 'the stored object');
    await env.GLAIVE.put('Arrived/silence.mp3', silentMp3(2));
    await runCron();
    const rows = await readIndexUnder(env.DB, 'glaive', 'Arrived/');
    expect(rows.find((r) => r.path === 'Arrived/tone.wav')).toMatchObject({ etag: object.etag, duration: 3 });
    expect(rows.find((r) => r.path === 'Arrived/silence.mp3')?.duration).toBeCloseTo(2.01, 2);
    expect(await durationOf('Arrived/tone.wav')).toBe(3);
    // Tenths of a second, rounded down: 77 frames of 1152 samples at 44.1 kHz are 2.0114 s.
    expect(await durationOf('Arrived/silence.mp3')).toBe(2);
  });

  it('are read from the header of a row checksummed before lengths were read, once, and a zip’s CRC keeps them', async () => {
    const object = required(await env.GLAIVE.put('Arrived/old.wav', sineWav(440, 5)), 'the stored object');
    await saveToIndex(env.DB, 'glaive', [{ path: 'Arrived/old.wav', etag: object.etag, size: object.size, crc32: 1 }]);
    expect(await reconcileLibrary(env, 'glaive')).toMatchObject({ checksummed: 0, durationsRead: 1, listRefreshed: true });
    expect(await reconcileLibrary(env, 'glaive')).toMatchObject({ checksummed: 0, durationsRead: 0, listRefreshed: false });
    // A folder zip saves the CRC again without a length: the one read stays.
    await saveToIndex(env.DB, 'glaive', [{ path: 'Arrived/old.wav', etag: object.etag, size: object.size, crc32: 2 }]);
    expect((await readIndexUnder(env.DB, 'glaive', 'Arrived/'))[0]).toMatchObject({ crc32: 2, duration: 5 });
    // Another version of the object forgets it.
    await saveToIndex(env.DB, 'glaive', [{ path: 'Arrived/old.wav', etag: 'another', size: object.size, crc32: 3 }]);
    expect((await readIndexUnder(env.DB, 'glaive', 'Arrived/'))[0]?.duration).toBeUndefined();
  });
});

describe('the cached song list', () => {
  it('is refreshed by the reconcile when the library changes, so a revalidation sees the new path', async () => {
    await invalidateSongList(env.CACHE, 'glaive');
    const before = await list();
    const etag = before.headers.get('ETag') ?? '';
    expect(await before.json<string[]>()).not.toContain('Arrived/new.wav');
    expect((await list({ 'If-None-Match': etag })).status).toBe(304);

    await env.GLAIVE.put('Arrived/new.wav', pattern(10));
    expect((await list({ 'If-None-Match': etag })).status).toBe(304); // cached: R2 is not listed per request
    await runCron();
    const after = await list({ 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(await after.json<string[]>()).toContain('Arrived/new.wav');
  });
});
