import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { readIndexUnder, saveToIndex } from '../../src/worker/db/song-index';
import { app } from '../../src/worker/index';
import { checksum } from '../../src/worker/songs/checksum';
import { reconcileLibrary } from '../../src/worker/songs/reconcile';
import { planFolderZip } from '../../src/worker/songs/zip';
import { centralDirectory, planZip, type ZipMember } from '../../src/worker/songs/zip-layout';
import { stringMatching } from './helpers/expect-helpers';
import { required } from '../helpers/required';
import { readStoredZip } from './helpers/zip-reader';

/**
 * Issue 13, section 1: a folder zip whose members are in the checksum index is fixed to the byte before it
 * starts, computes no CRC while streaming, and answers ranges; members not checksummed yet still zip correctly.
 */

const BASE = 'http://localhost/api';
const call = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', '10.60.0.1');
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
};
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const pattern = (n: number, seed = 0) => Uint8Array.from({ length: n }, (_, i) => (i * 13 + seed) % 251);
const zipOf = (folder: string, headers: Record<string, string> = {}) => call(`/download-kenji-folder?folder=${encodeURIComponent(folder)}`, { headers });

const RANGED = {
  'Ranged/a.wav': pattern(3000, 1),
  'Ranged/Sub/b.mp3': pattern(70_000, 2),
  'Ranged/Sub/ü.txt': new TextEncoder().encode('hello'),
};
const UTF8_NAMES = 0x0800;
const HAS_DESCRIPTOR = 0x0008;

let spy: MockInstance<typeof checksum.crc32> | undefined;
const spyOnChecksums = () => (spy = vi.spyOn(checksum, 'crc32'));
afterEach(() => spy?.mockRestore());

beforeAll(async () => {
  for (const [key, body] of Object.entries(RANGED)) await env.KENJI.put(key, body);
  await reconcileLibrary(env, 'kenji');
});

describe('a folder zip of checksummed objects', () => {
  it('writes the stored CRCs and sizes into the local headers and computes no CRC at all', async () => {
    spyOnChecksums();
    const response = await zipOf('Ranged');
    expect(response.status).toBe(200);
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/);
    const bytes = await bytesOf(response);
    expect(bytes.length).toBe(Number(response.headers.get('Content-Length')));

    const members = readStoredZip(bytes);
    expect(members.map((m) => [m.name, m.flags])).toEqual([
      ['Sub/b.mp3', UTF8_NAMES],
      ['Sub/ü.txt', UTF8_NAMES],
      ['a.wav', UTF8_NAMES],
    ]);
    for (const m of members) expect(m.crc32).toBe(crc32(RANGED[`Ranged/${m.name}` as keyof typeof RANGED]));
    expect(unzipSync(bytes)['Sub/b.mp3']).toEqual(RANGED['Ranged/Sub/b.mp3']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('takes the CRC from the index, not from the data', async () => {
    const object = required(await env.KENJI.head('Ranged/a.wav'), 'the object');
    const stored = required(
      (await readIndexUnder(env.DB, 'kenji', 'Ranged/')).find((r) => r.path === 'Ranged/a.wav'),
      'its index row',
    );
    await saveToIndex(env.DB, 'kenji', [{ ...stored, crc32: 0x12345678 }]);
    try {
      expect(object.etag).toBe(stored.etag);
      const bytes = await bytesOf(await zipOf('Ranged'));
      expect(() => readStoredZip(bytes)).toThrow('a.wav: CRC-32 of the data is');
    } finally {
      await saveToIndex(env.DB, 'kenji', [stored]);
    }
  });

  it('keeps the 413 limits at their edges: exactly the most files and bytes pass, one more does not', async () => {
    const source = { db: env.DB, library: 'kenji', bucket: env.KENJI } as const;
    const total = 3000 + 70_000 + 5;
    await expect(planFolderZip(source, 'Ranged', { maxFiles: 3, maxBytes: total })).resolves.toMatchObject({ layout: { members: { length: 3 } } });
    await expect(planFolderZip(source, 'Ranged', { maxFiles: 2, maxBytes: total })).rejects.toMatchObject({ status: 413, code: 'FOLDER_TOO_LARGE' });
    await expect(planFolderZip(source, 'Ranged', { maxFiles: 3, maxBytes: total - 1 })).rejects.toMatchObject({ status: 413, code: 'FOLDER_TOO_LARGE' });
  });

  it('holds at most 2,000 files by default (docs/api.md), whatever their size', async () => {
    const source = { db: env.DB, library: 'kenji', bucket: env.KENJI } as const;
    const keys = Array.from({ length: 2001 }, (_, i) => `Many/${String(i).padStart(4, '0')}.txt`);
    const empty = new Uint8Array();
    for (let i = 0; i < keys.length; i += 250) await Promise.all(keys.slice(i, i + 250).map((key) => env.KENJI.put(key, empty)));
    try {
      await expect(planFolderZip(source, 'Many')).rejects.toMatchObject({ status: 413, message: stringMatching(/more than 2000 files/) });
      await env.KENJI.delete(keys.slice(2000));
      await expect(planFolderZip(source, 'Many')).resolves.toMatchObject({ layout: { members: { length: 2000 } } });
    } finally {
      for (let i = 0; i < keys.length; i += 1000) await env.KENJI.delete(keys.slice(i, i + 1000));
    }
  }, 60_000);
});

describe('ranges of a folder zip', () => {
  let full = new Uint8Array();
  let etag = '';
  beforeAll(async () => {
    const response = await zipOf('Ranged');
    etag = response.headers.get('ETag') ?? '';
    full = await bytesOf(response);
  });

  const cases: [string, (length: number) => [string, number, number]][] = [
    ['the first byte', () => ['bytes=0-0', 0, 0]],
    ['the local header of the first member', () => ['bytes=0-99', 0, 99]],
    ['a slice across a member boundary', () => ['bytes=69990-70100', 69990, 70100]],
    ['the last byte', (n) => [`bytes=${n - 1}-${n - 1}`, n - 1, n - 1]],
    ['the end record (suffix range)', (n) => ['bytes=-22', n - 22, n - 1]],
    ['an open range to the end', (n) => ['bytes=4000-', 4000, n - 1]],
    ['a range ending past the end (clamped)', (n) => [`bytes=10-${n + 1000}`, 10, n - 1]],
  ];
  it.each(cases)('answers %s with 206 and exactly those bytes of the whole zip', async (_, make) => {
    const [range, first, last] = make(full.length);
    const response = await zipOf('Ranged', { Range: range, 'If-Range': etag });
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe(`bytes ${first}-${last}/${full.length}`);
    expect(response.headers.get('Content-Length')).toBe(String(last - first + 1));
    expect(response.headers.get('ETag')).toBe(etag);
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(await bytesOf(response)).toEqual(full.slice(first, last + 1));
  });

  it('resumes an interrupted download into the same zip, which unzips', async () => {
    const cut = 40_000;
    const rest = await zipOf('Ranged', { Range: `bytes=${cut}-`, 'If-Range': etag });
    expect(rest.status).toBe(206);
    const joined = new Uint8Array(full.length);
    joined.set(full.subarray(0, cut));
    joined.set(await bytesOf(rest), cut);
    expect(joined).toEqual(full);
    expect(readStoredZip(joined)).toHaveLength(3);
    expect(Object.keys(unzipSync(joined)).sort()).toEqual(['Sub/b.mp3', 'Sub/ü.txt', 'a.wav']);
  });

  it('answers a range starting at the length with 416 and the length', async () => {
    const response = await zipOf('Ranged', { Range: `bytes=${full.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe(`bytes */${full.length}`);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await response.json()).toEqual({ error: `The requested range is outside the zip (${full.length} bytes).`, code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('sends the whole zip for an If-Range that is not the current ETag, and for several ranges', async () => {
    const attempts: Record<string, string>[] = [
      { Range: 'bytes=10-20', 'If-Range': '"0123456789abcdef0123456789abcdef"' },
      { Range: 'bytes=10-20', 'If-Range': new Date().toUTCString() },
      { Range: 'bytes=0-1,5-6' },
    ];
    for (const headers of attempts) {
      const response = await zipOf('Ranged', headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await bytesOf(response)).toEqual(full);
    }
  });

  it('answers HEAD with the length (or the range) and no body, and If-None-Match with 304', async () => {
    const head = await call(`/download-kenji-folder?folder=Ranged`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(String(full.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const headRange = await call(`/download-kenji-folder?folder=Ranged`, { method: 'HEAD', headers: { Range: 'bytes=5-9', 'CF-Connecting-IP': '10.60.0.2' } });
    expect(headRange.status).toBe(206);
    expect(headRange.headers.get('Content-Range')).toBe(`bytes 5-9/${full.length}`);
    const notModified = await zipOf('Ranged', { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
  });

  it('changes the ETag when a member changes, so an old If-Range gets the new whole zip', async () => {
    await env.KENJI.put('Ranged/Changing/x.wav', pattern(100, 9));
    await reconcileLibrary(env, 'kenji');
    const before = required((await zipOf('Ranged/Changing')).headers.get('ETag'), 'an ETag');
    await env.KENJI.put('Ranged/Changing/x.wav', pattern(100, 10));
    await reconcileLibrary(env, 'kenji');
    const after = await zipOf('Ranged/Changing', { Range: 'bytes=0-9', 'If-Range': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before);
    expect(readStoredZip(await bytesOf(after))[0]?.data).toEqual(pattern(100, 10));
  });
});

describe('objects not checksummed yet', () => {
  it('zip correctly on first download (CRC computed as they stream, in data descriptors), and are indexed by it', async () => {
    await env.KENJI.put('Fresh/One/a.wav', pattern(5000, 3));
    await env.KENJI.put('Fresh/One/b.wav', pattern(20, 4));
    await env.KENJI.put('Fresh/One/empty.txt', new Uint8Array(0));
    spyOnChecksums();
    const first = await zipOf('Fresh/One');
    expect(first.status).toBe(200);
    expect(first.headers.get('Accept-Ranges')).toBe('none');
    expect(first.headers.get('ETag')).toBeNull();
    const bytes = await bytesOf(first);
    expect(bytes.length).toBe(Number(first.headers.get('Content-Length')));
    const members = readStoredZip(bytes);
    // An empty file's CRC-32 is 0 without reading anything.
    expect(members.map((m) => m.flags)).toEqual([UTF8_NAMES | HAS_DESCRIPTOR, UTF8_NAMES | HAS_DESCRIPTOR, UTF8_NAMES]);
    expect(members[2]).toMatchObject({ name: 'empty.txt', size: 0, crc32: 0 });
    expect(unzipSync(bytes)['a.wav']).toEqual(pattern(5000, 3));
    expect(spy).toHaveBeenCalled();

    const rows = await readIndexUnder(env.DB, 'kenji', 'Fresh/One/');
    expect(rows.map((r) => [r.path, r.crc32])).toEqual([
      ['Fresh/One/a.wav', crc32(pattern(5000, 3))],
      ['Fresh/One/b.wav', crc32(pattern(20, 4))],
    ]);
    spy?.mockClear();
    const second = await zipOf('Fresh/One');
    expect(second.headers.get('Accept-Ranges')).toBe('bytes');
    expect(readStoredZip(await bytesOf(second)).map((m) => m.flags)).toEqual([UTF8_NAMES, UTF8_NAMES, UTF8_NAMES]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('are checksummed first when a range is asked, and the range is a slice of the fixed zip', async () => {
    await env.KENJI.put('Fresh/Two/a.wav', pattern(4000, 5));
    const ranged = await zipOf('Fresh/Two', { Range: 'bytes=100-199' });
    expect(ranged.status).toBe(206);
    const slice = await bytesOf(ranged);
    const whole = await zipOf('Fresh/Two');
    expect(whole.headers.get('ETag')).toBe(ranged.headers.get('ETag'));
    expect(slice).toEqual((await bytesOf(whole)).slice(100, 200));
  });
});

describe('a member that vanishes', () => {
  it('errors a zip of checksummed members instead of sending a short file', async () => {
    const size = 4 * 1024 * 1024;
    for (const name of ['a', 'b', 'c']) await env.KENJI.put(`Vanishing Indexed/${name}.wav`, new Uint8Array(size).fill(7));
    await reconcileLibrary(env, 'kenji');
    // In-process (not through the service binding) so the test itself reads the errored stream.
    const res = await app.fetch(new Request('http://localhost/api/download-kenji-folder?folder=Vanishing%20Indexed'), env, createExecutionContext());
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    reader.closed.catch(() => undefined);
    await reader.read();
    await env.KENJI.delete('Vanishing Indexed/c.wav');
    let received = 0;
    const failed = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return false;
          received += value.length;
        }
      } catch {
        return true;
      }
    })();
    expect(received).toBeLessThan(Number(res.headers.get('Content-Length')));
    expect(failed).toBe(true);
  });
});

describe('the DOS date and time of each member', () => {
  /** APPNOTE 4.4.6: date = (year - 1980) << 9 | month << 5 | day; time = hour << 11 | minute << 5 | seconds / 2. */
  const decoded = (dosDate: number, dosTime: number) =>
    Date.UTC((dosDate >> 9) + 1980, ((dosDate >> 5) & 15) - 1, dosDate & 31, dosTime >> 11, (dosTime >> 5) & 63, (dosTime & 31) * 2);

  it('are the time R2 stored each object, in UTC to the even second, in the central entry and the local header', async () => {
    const members = readStoredZip(await bytesOf(await zipOf('Ranged')));
    expect(members.length).toBeGreaterThanOrEqual(3);
    for (const member of members) {
      const uploaded = required(await env.KENJI.head(`Ranged/${member.name}`), member.name).uploaded.getTime();
      expect(decoded(member.dosDate, member.dosTime), member.name).toBe(Math.floor(uploaded / 2000) * 2000);
    }
  });

  it.each([
    ['an odd second, rounded down', '2026-01-02T03:04:07.900Z', (46 << 9) | (1 << 5) | 2, (3 << 11) | (4 << 5) | 3],
    ['the first time DOS can hold', '1980-01-01T00:00:00Z', (0 << 9) | (1 << 5) | 1, 0],
    ['a time before 1980, clamped to the first', '1979-12-31T23:59:59Z', (0 << 9) | (1 << 5) | 1, 0],
    ['the last time DOS can hold', '2107-12-31T23:59:58Z', (127 << 9) | (12 << 5) | 31, (23 << 11) | (59 << 5) | 29],
    ['a time after 2107, clamped to the last', '2108-01-01T00:00:00Z', (127 << 9) | (12 << 5) | 31, (23 << 11) | (59 << 5) | 29],
  ])('encode %s (%s)', (_, iso, date, time) => {
    const layout = planZip([{ key: 'a', etag: 'e', name: 'a', size: 1, modified: new Date(iso), crc32: 1 }]);
    const local = required(layout.parts[0], 'the local header');
    if (local.kind !== 'bytes') throw new Error('the zip starts with a local header');
    const localView = new DataView(local.bytes.buffer, local.bytes.byteOffset, local.bytes.byteLength);
    expect([localView.getUint16(10, true), localView.getUint16(12, true)]).toEqual([time, date]);
    const central = centralDirectory(layout, new Map());
    const centralView = new DataView(central.buffer, central.byteOffset, central.byteLength);
    expect([centralView.getUint16(12, true), centralView.getUint16(14, true)]).toEqual([time, date]);
  });
});

describe('ZIP64, where a size or an offset passes 32 bits', () => {
  const member = (name: string, size: number): ZipMember => ({
    key: name,
    etag: 'e',
    name,
    size,
    modified: new Date('2026-01-02T03:04:06Z'),
    crc32: 1,
  });
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  it('stays plain below 4 GiB and 65,535 entries', () => {
    // The central directory then starts at 0xfffffffe, the last offset a 32-bit field can hold.
    const layout = planZip([member('a', 0xfffffffe - 31)]);
    const central = centralDirectory(layout, new Map());
    expect(layout.length).toBe(0xfffffffe + 46 + 1 + 22);
    expect(view(central).getUint32(central.length - 22, true)).toBe(0x06054b50);
    expect(view(central).getUint32(central.length - 6, true)).toBe(0xfffffffe);
  });

  it('moves a 5 GiB size and the offsets past it into ZIP64 fields, with the ZIP64 end records', () => {
    const big = 5 * 1024 ** 3;
    const layout = planZip([member('big', big), member('small', 10)]);
    const localBig = layout.parts[0];
    expect(localBig).toMatchObject({ kind: 'bytes', offset: 0, length: 30 + 3 + 20 });
    const second = 30 + 3 + 20 + big;
    expect(layout.headerOffsets).toEqual([0, second]);
    // Central: big (46 + 3 + 4 + 16), small (46 + 5 + 4 + 8), ZIP64 end (56) + locator (20) + end (22).
    const centralLength = 46 + 3 + 20 + (46 + 5 + 12) + 56 + 20 + 22;
    expect(layout.length).toBe(second + 30 + 5 + 10 + centralLength);
    const central = centralDirectory(layout, new Map());
    expect(central.length).toBe(centralLength);
    const v = view(central);
    expect(v.getUint32(24, true)).toBe(0xffffffff);
    expect(Number(v.getBigUint64(46 + 3 + 4, true))).toBe(big);
    const smallEntry = 46 + 3 + 20;
    expect(v.getUint32(smallEntry + 42, true)).toBe(0xffffffff);
    expect(Number(v.getBigUint64(smallEntry + 46 + 5 + 4, true))).toBe(second);
    const zip64End = centralLength - 22 - 20 - 56;
    expect(v.getUint32(zip64End, true)).toBe(0x06064b50);
    expect(Number(v.getBigUint64(zip64End + 48, true))).toBe(second + 30 + 5 + 10);
    expect(v.getUint32(centralLength - 22 + 16, true)).toBe(0xffffffff);
  });

  it('gives a 5 GiB member without a known CRC a 24-byte descriptor', () => {
    const layout = planZip([{ ...member('big', 5 * 1024 ** 3), crc32: undefined }]);
    expect(layout.parts.map((p) => [p.kind, p.length])).toEqual([
      ['bytes', 30 + 3 + 20],
      ['data', 5 * 1024 ** 3],
      ['descriptor', 24],
      ['central', 46 + 3 + 20 + 56 + 20 + 22],
    ]);
  });

  it('counts 65,535 entries in the ZIP64 end record', () => {
    const layout = planZip(Array.from({ length: 65_535 }, (_, i) => member(String(i % 10), 0)));
    const central = centralDirectory(layout, new Map());
    const v = view(central);
    expect(v.getUint16(central.length - 22 + 10, true)).toBe(0xffff);
    expect(Number(v.getBigUint64(central.length - 22 - 20 - 56 + 32, true))).toBe(65_535);
  });
});
