import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringMatching } from './helpers/expect-helpers';
import { required } from '../helpers/required';
import { app } from '../../src/worker/index';
import { planFolderZip } from '../../src/worker/songs/zip';
import { invalidateSongList } from '../../src/worker/songs/song-list';
import { countedInOneWindow } from './helpers/rate-limit-window';

const BASE = 'http://localhost/api';
/** One client address for this file unless a test names its own, so its downloads never share a budget with another file's. */
const call = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', '10.50.0.1');
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
};

/** Bytes 0..n-1 with a recognisable pattern, so any wrong offset shows. */
const pattern = (n: number, seed = 0) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251);

const kenji = { db: env.DB, library: 'kenji', bucket: env.KENJI } as const;

const SONG = 'Artist/Album/01 First.wav';
const SONG_BYTES = pattern(1000);
const UTF8_SONG = 'Artist/Album/02 Café — Ünïcode "quoted".mp3';
const NOTE = 'Artist/cover.txt';

beforeAll(async () => {
  await env.KENJI.put(SONG, SONG_BYTES, { httpMetadata: { contentType: 'audio/wav' } });
  await env.KENJI.put(UTF8_SONG, pattern(300, 3));
  await env.KENJI.put(NOTE, 'not audio');
  await env.KENJI.put('Other/Zip Me/a.wav', pattern(500, 1));
  await env.KENJI.put('Other/Zip Me/Sub/b.mp3', pattern(700, 2));
  await env.KENJI.put('Other/Zip Me/Sub/ü.txt', 'hello');
  await env.KENJI.put('Other/Zip Me Not/c.wav', pattern(10));
  await invalidateSongList(env.CACHE, 'kenji');
});

async function errorOf(response: Response) {
  expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
  return await response.json<{ error: string; code: string }>();
}

describe('GET /api/get-{library}-songs', () => {
  it('answers 404 JSON for an unknown library', async () => {
    for (const path of ['/get-nope-songs', '/download-nope-song?song=a.wav', '/stream-nope-song?song=a.wav', '/download-nope-folder?folder=a']) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe('UNKNOWN_LIBRARY');
    }
  });

  it('lists every path, past the 1000-object page, and answers 304 to a matching If-None-Match', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `Big/Folder ${Math.floor(i / 100)}/Track ${String(i).padStart(4, '0')}.wav`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => env.GLAIVE.put(k, 'x')));
    await env.GLAIVE.put('Big/', ''); // a folder marker is not a song
    await invalidateSongList(env.CACHE, 'glaive');

    const response = await call('/get-glaive-songs');
    expect(response.status).toBe(200);
    const paths = await response.json<string[]>();
    expect(paths).toHaveLength(1005);
    expect(new Set(paths)).toEqual(new Set(keys));
    const etag = response.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const again = await call('/get-glaive-songs', { headers: { 'If-None-Match': required(etag, 'an ETag header') } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const stale = await call('/get-glaive-songs', { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('ETag')).toBe(etag);
  }, 180_000); // 1005 R2 writes: half a minute on a machine whose cores are busy with other work

  it('travels gzip-compressed, as stored once, to a client that takes gzip; as JSON to one that does not', async () => {
    const plain = await call('/get-glaive-songs', { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    const json = await plain.text();
    expect(JSON.parse(json)).toHaveLength(1005);

    // In-process, because a fetch through the runtime decodes the gzip like a browser would.
    const request = new Request(`${BASE}/get-glaive-songs`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const compressed = await app.fetch(request, env, createExecutionContext());
    expect(compressed.headers.get('Content-Encoding')).toBe('gzip');
    // Each coding is its own representation, with its own tag (RFC 9110 section 8.8.3): neither revalidates the other.
    const plainTag = required(plain.headers.get('ETag'), 'an ETag');
    expect(compressed.headers.get('ETag')).toBe(plainTag.replace(/"$/, '-gzip"'));
    const crossed = await app.fetch(
      new Request(`${BASE}/get-glaive-songs`, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag } }),
      env,
      createExecutionContext(),
    );
    expect(crossed.status).toBe(200);
    await crossed.arrayBuffer();
    // Behind Cloudflare's edge the header is the edge's ('br, gzip') and the client's own is in cf.clientAcceptEncoding.
    const cf = { clientAcceptEncoding: 'identity' } as IncomingRequestCfProperties;
    const behindEdge = await app.fetch(
      new Request(`${BASE}/get-glaive-songs`, { headers: { 'Accept-Encoding': 'br, gzip' }, cf }),
      env,
      createExecutionContext(),
    );
    expect(behindEdge.headers.get('Content-Encoding')).toBeNull();
    expect(behindEdge.headers.get('ETag')).toBe(plainTag);
    expect(await behindEdge.text()).toBe(json);
    const gzip = new Uint8Array(await compressed.arrayBuffer());
    expect([gzip[0], gzip[1]]).toEqual([0x1f, 0x8b]);
    expect(gzip.length).toBeLessThan(json.length / 5);
    const inflated = await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(inflated).toBe(json);
  });

  it('serves the cached listing until it is invalidated', async () => {
    const before = await (await call('/get-kenji-songs')).json<string[]>();
    expect(before).toContain(SONG);
    expect(before).toContain(NOTE);
    await env.KENJI.put('Late/Arrival.wav', 'x');
    expect(await (await call('/get-kenji-songs')).json<string[]>()).not.toContain('Late/Arrival.wav');
    await invalidateSongList(env.CACHE, 'kenji');
    expect(await (await call('/get-kenji-songs')).json<string[]>()).toContain('Late/Arrival.wav');
  });
});

describe('GET /api/download-{library}-song', () => {
  const url = `/download-kenji-song?song=${encodeURIComponent(SONG)}`;

  it('sends the file as an attachment with ETag and Accept-Ranges', async () => {
    const response = await call(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SONG_BYTES);
    expect(response.headers.get('Content-Length')).toBe('1000');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(response.headers.get('ETag')).toMatch(/^".+"$/);
    expect(response.headers.get('Content-Type')).toBe('audio/wav');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="01 First.wav"; filename*=UTF-8''01%20First.wav`);
  });

  it('names UTF-8 files per RFC 6266 with an ASCII fallback', async () => {
    const response = await call(`/download-kenji-song?song=${encodeURIComponent(UTF8_SONG)}`);
    expect(response.status).toBe(200);
    const disposition = required(response.headers.get('Content-Disposition'), 'a Content-Disposition header');
    expect(disposition).toBe(
      `attachment; filename="02 Caf_ _ _n_code _quoted_.mp3"; filename*=UTF-8''02%20Caf%C3%A9%20%E2%80%94%20%C3%9Cn%C3%AFcode%20%22quoted%22.mp3`,
    );
    expect(decodeURIComponent(required(disposition.split("UTF-8''")[1], 'a filename* parameter'))).toBe('02 Café — Ünïcode "quoted".mp3');
    await response.arrayBuffer();
  });

  it.each([
    ['bytes=0-', 206, 0, 999],
    ['bytes=0-1', 206, 0, 1],
    ['bytes=10-19', 206, 10, 19],
    ['bytes=500-', 206, 500, 999],
    ['bytes=-100', 206, 900, 999],
    ['bytes=-5000', 206, 0, 999],
    ['bytes=990-5000', 206, 990, 999],
    ['bytes=999-999', 206, 999, 999],
  ])('Range %s → %i bytes %i-%i', async (range, status, first, last) => {
    const response = await call(url, { headers: { Range: range } });
    expect(response.status).toBe(status);
    expect(response.headers.get('Content-Range')).toBe(`bytes ${first}-${last}/1000`);
    expect(response.headers.get('Content-Length')).toBe(String(last - first + 1));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SONG_BYTES.slice(first, last + 1));
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('Range %s beyond the end → 416 bytes */size', async (range) => {
    const response = await call(url, { headers: { Range: range } });
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe('bytes */1000');
    expect((await errorOf(response)).code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it.each(['bytes=0-1,5-6', 'bytes=abc', 'items=0-5', 'bytes=9-3'])('Range %s (multiple or malformed) → the whole file', async (range) => {
    const response = await call(url, { headers: { Range: range } });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SONG_BYTES);
  });

  it('answers 304 to If-None-Match and ignores a stale If-Range', async () => {
    const etag = required((await call(url, { method: 'HEAD' })).headers.get('ETag'), 'an ETag header');
    expect((await call(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const stale = await call(url, { headers: { Range: 'bytes=0-1', 'If-Range': '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const fresh = await call(url, { headers: { Range: 'bytes=0-1', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it('answers HEAD with the size and no body', async () => {
    const response = await call(url, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Length')).toBe('1000');
  });

  it.each([
    ['../secret.wav', 'dot-segment'],
    ['Artist/../../secret.wav', 'dot-segment'],
    ['%2e%2e%2fsecret.wav', 'dot-segment (decoded once)'],
    ['%252e%252e%252fsecret.wav', 'double-encoded'],
    ['%2Fetc%2Fpasswd', 'absolute after decoding'],
    ['/etc/passwd', 'absolute'],
    ['C:%5Cwindows', 'drive letter'],
    ['Artist%5C..%5Csecret', 'backslash'],
    ['Artist//cover.txt', 'empty segment'],
    ['./cover.txt', 'dot segment'],
    ['a%00b', 'NUL'],
    ['', 'empty'],
  ])('refuses the path %s (%s) with 400 JSON', async (raw) => {
    for (const endpoint of ['download-kenji-song', 'stream-kenji-song']) {
      const response = await call(`/${endpoint}?song=${raw}`, { headers: { 'CF-Connecting-IP': '10.9.9.9' } });
      expect(response.status, `${endpoint} ${raw}`).toBe(400);
      expect((await errorOf(response)).code).toBe('INVALID_INPUT');
    }
  });

  it('requires the song parameter', async () => {
    const response = await call('/download-kenji-song');
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error).toMatch(/'song'/);
  });

  it('accepts an encoded slash inside a valid path, and 404s a missing file', async () => {
    const ok = await call(`/download-kenji-song?song=Artist%2FAlbum%2F01%20First.wav`);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    for (const init of [undefined, { headers: { Range: 'bytes=0-1' } }]) {
      const missing = await call('/download-kenji-song?song=Artist/Missing.wav', init);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).code).toBe('SONG_NOT_FOUND');
    }
  });
});

describe('GET /api/stream-{library}-song', () => {
  const url = `/stream-kenji-song?song=${encodeURIComponent(SONG)}`;
  const from = (ip: string, range?: string) => ({ headers: { 'CF-Connecting-IP': ip, ...(range ? { Range: range } : {}) } });

  it('streams inline, and answers the bytes=0-1 probe with 206', async () => {
    const response = await call(url, from('10.0.0.1', 'bytes=0-1'));
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 0-1/1000');
    expect(response.headers.get('Content-Disposition')).toMatch(/^inline; /);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SONG_BYTES.slice(0, 2));
  });

  it('refuses files that are not playable with 415 JSON', async () => {
    const response = await call(`/stream-kenji-song?song=${encodeURIComponent(NOTE)}`, from('10.0.0.2'));
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('NOT_PLAYABLE');
  });
  // What the play limiter counts, and the download limiter, are tried at their edges in song-limits.test.ts.
});

describe('play tickets', () => {
  const from = (ip: string, range: string) => ({ headers: { 'CF-Connecting-IP': ip, Range: range } });
  const url = () => `/stream-kenji-song?song=${encodeURIComponent(SONG)}`;

  it("lets the player's own request through uncounted after its probe, once per play", async () => {
    const plays = await countedInOneWindow(60, async (attempt) => {
      const ip = `10.0.1.${10 + attempt}`;
      let played = 0;
      for (; played < 40; played++) {
        const probe = await call(url(), from(ip, 'bytes=0-1'));
        await probe.arrayBuffer();
        if (probe.status === 429) break;
        const ticket = probe.headers.get('X-Play-Ticket');
        expect(ticket).toBeTruthy();
        const audio = await call(`${url()}&ticket=${encodeURIComponent(ticket ?? '')}`, from(ip, 'bytes=0-'));
        expect(audio.status).toBe(206);
        await audio.arrayBuffer();
      }
      return played;
    });
    expect(plays).toBe(30);
  }, 60_000);

  it('does not accept a ticket for another song, another library, another client or a forged one', async () => {
    const probe = await call(url(), from('10.0.1.2', 'bytes=0-1'));
    await probe.arrayBuffer();
    const ticket = probe.headers.get('X-Play-Ticket') ?? '';
    // 16 bytes of id and a 32-byte SHA-256 HMAC, in base64url.
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const { playTicketId } = await import('../../src/worker/songs/play-ticket');
    const secret = env.SESSION_SECRET;
    const play = { library: 'kenji', song: SONG, client: '10.0.1.2' };
    expect(await playTicketId(secret, ticket, play)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await playTicketId(secret, ticket, { ...play, client: '10.0.1.3' })).toBeNull();
    expect(await playTicketId(secret, ticket, { ...play, library: 'glaive' })).toBeNull();
    expect(await playTicketId(secret, ticket, { ...play, song: `${SONG}x` })).toBeNull();
    expect(await playTicketId(secret, 'A'.repeat(64), play)).toBeNull();
    expect(await playTicketId(secret, `${ticket}A`, play)).toBeNull();
    // A ticket that is not one at all (63 or 65 characters, a character base64url lacks) is refused before any of that.
    for (const bad of [ticket.slice(1), `${ticket}A`, `${ticket.slice(1)}=`]) {
      const res = await call(`${url()}&ticket=${encodeURIComponent(bad)}`, from('10.0.1.2', 'bytes=0-'));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^ticket: /) });
    }
  });

  it('are dropped by the cron once expired, and only then', async () => {
    const { issuePlayTicket, playTicketId } = await import('../../src/worker/songs/play-ticket');
    const { prunePlayTickets } = await import('../../src/worker/db/play-tickets');
    const play = { library: 'kenji', song: SONG, client: '10.0.1.4' };
    const issued = Date.now();
    const ids = await Promise.all(
      [issued, issued + 1].map(async (at) => required(await playTicketId(env.SESSION_SECRET, await issuePlayTicket(env, play, 1000, 0, at), play), 'an id')),
    );
    await prunePlayTickets(env.DB, issued + 3_600_000);
    const left = await env.DB.prepare('SELECT id FROM play_tickets WHERE id IN (?1, ?2)')
      .bind(...ids)
      .all<{ id: string }>();
    expect(left.results.map((row) => row.id)).toEqual([ids[1]]);
  });

  it('pay up to three times the song and no byte more, for an hour and not a millisecond more', async () => {
    const { chargePlayTicket, issuePlayTicket, playTicketId } = await import('../../src/worker/songs/play-ticket');
    const issued = Date.now();
    const open = async (client: string) => {
      const play = { library: 'kenji', song: SONG, client };
      return required(await playTicketId(env.SESSION_SECRET, await issuePlayTicket(env, play, 1000, 2, issued), play), 'an id');
    };
    const budget = await open('10.0.1.5');
    expect(await chargePlayTicket(env.DB, budget, 2998, issued)).toBe(true);
    expect(await chargePlayTicket(env.DB, budget, 1, issued)).toBe(false);
    const hour = await open('10.0.1.6');
    expect(await chargePlayTicket(env.DB, hour, 1, issued + 3_600_000 - 1)).toBe(true);
    expect(await chargePlayTicket(env.DB, hour, 1, issued + 3_600_000)).toBe(false);
  });
});

describe('GET /api/download-{library}-folder', () => {
  async function readAll(response: Response) {
    return new Uint8Array(await response.arrayBuffer());
  }

  it('zips the folder recursively with an exact Content-Length, and the archive unzips to the same files', async () => {
    const response = await call(`/download-kenji-folder?folder=${encodeURIComponent('Other/Zip Me')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="Zip Me.zip"; filename*=UTF-8''Zip%20Me.zip`);
    const declared = Number(response.headers.get('Content-Length'));
    const bytes = await readAll(response);
    expect(bytes.length).toBe(declared);

    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['Sub/b.mp3', 'Sub/ü.txt', 'a.wav']);
    expect(files['a.wav']).toEqual(pattern(500, 1));
    expect(files['Sub/b.mp3']).toEqual(pattern(700, 2));
    expect(new TextDecoder().decode(files['Sub/ü.txt'])).toBe('hello');
  });

  it('does not include sibling folders that share a name prefix, and accepts a trailing slash', async () => {
    const files = unzipSync(await readAll(await call('/download-kenji-folder?folder=Other/Zip%20Me/')));
    expect(Object.keys(files)).not.toContain('c.wav');
    expect(Object.keys(files)).toHaveLength(3);
  });

  it('404s an unknown folder and 400s a traversal', async () => {
    const missing = await call('/download-kenji-folder?folder=Nope');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('FOLDER_NOT_FOUND');
    const traversal = await call('/download-kenji-folder?folder=..%2F..');
    expect(traversal.status).toBe(400);
    expect((await errorOf(traversal)).code).toBe('INVALID_INPUT');
  });

  it('answers 413 JSON past the file-count or size limit', async () => {
    const byCount = planFolderZip(kenji, 'Other/Zip Me', { maxFiles: 2, maxBytes: 1e9 });
    await expect(byCount).rejects.toMatchObject({ status: 413, code: 'FOLDER_TOO_LARGE' });
    const bySize = planFolderZip(kenji, 'Other/Zip Me', { maxFiles: 100, maxBytes: 1000 });
    await expect(bySize).rejects.toMatchObject({ status: 413, code: 'FOLDER_TOO_LARGE', message: stringMatching(/more than/) });
  });
});

describe('GET /api/get-{library}-songs?sizes=1', () => {
  it('answers {paths, sizes} in the same order as the plain list, with its own ETag and 304', async () => {
    const plain = await (await call('/get-kenji-songs')).json<string[]>();
    expect(plain.length).toBeGreaterThan(0);
    const res = await call('/get-kenji-songs?sizes=1');
    expect(res.status).toBe(200);
    const body = await res.json<{ paths: string[]; sizes: number[] }>();
    expect(body.paths).toEqual(plain);
    expect(body.sizes).toHaveLength(plain.length);
    for (const [index, path] of body.paths.entries()) {
      const object = await env.KENJI.head(path);
      expect(body.sizes[index]).toBe(object?.size);
    }
    const etag = res.headers.get('ETag') ?? '';
    expect(etag).not.toBe((await call('/get-kenji-songs')).headers.get('ETag'));
    expect((await call('/get-kenji-songs?sizes=1', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('takes sizes=1 only: any other value is a 400 naming it', async () => {
    for (const value of ['0', '2', 'true', '']) {
      const res = await call(`/get-kenji-songs?sizes=${value}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: stringMatching(/^sizes: must be 1/) });
    }
  });
});
