import { env, exports } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateSongList } from '../../src/worker/songs/song-list';
import { required } from '../helpers/required';

/**
 * Files in R2 are whatever an uploader put there. Whatever their stored metadata says, the site serves
 * them as inert data: type from the name, sandboxed, never sniffed, never embedded elsewhere; and a zip
 * never carries a member name that climbs out of the folder it is unpacked into.
 */

const BASE = 'http://localhost/api';
let clientNumber = 0;
/** A fresh client per call keeps these tests clear of the download budget, which has its own tests. */
const call = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('CF-Connecting-IP', `10.77.${Math.floor(clientNumber / 250)}.${clientNumber++ % 250}`);
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
};

const SCRIPT_PAGE = '<!doctype html><html><body><script>fetch("/api/check-auth").then(r=>r.text()).then(alert)</script></body></html>';
const SCRIPT = 'document.cookie; fetch("/api/logout-all", {method: "POST"});';

const HTML_AS_HTML = 'Evil/page.html';
const JS_AS_JS = 'Evil/app.js';
const TEXT_AS_HTML = 'Evil/liner notes.txt';
const SONG_AS_HTML = 'Evil/Track.mp3';
const NO_EXTENSION = 'Evil/README';
const SVG_AS_SVG = 'Evil/cover.svg';

beforeAll(async () => {
  await env.KENJI.put(HTML_AS_HTML, SCRIPT_PAGE, { httpMetadata: { contentType: 'text/html' } });
  await env.KENJI.put(JS_AS_JS, SCRIPT, { httpMetadata: { contentType: 'text/javascript' } });
  await env.KENJI.put(TEXT_AS_HTML, SCRIPT_PAGE, { httpMetadata: { contentType: 'text/html; charset=utf-8' } });
  await env.KENJI.put(SONG_AS_HTML, SCRIPT_PAGE, { httpMetadata: { contentType: 'text/html' } });
  await env.KENJI.put(NO_EXTENSION, SCRIPT_PAGE, { httpMetadata: { contentType: 'text/html' } });
  await env.KENJI.put(SVG_AS_SVG, `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`, {
    httpMetadata: { contentType: 'image/svg+xml' },
  });
});

const songUrl = (endpoint: string, path: string) => `/${endpoint}?song=${encodeURIComponent(path)}`;

function expectInert(response: Response, contentType: string, context: string) {
  expect(response.headers.get('Content-Type'), context).toBe(contentType);
  expect(response.headers.get('Content-Security-Policy'), context).toBe("default-src 'none'; sandbox");
  expect(response.headers.get('X-Content-Type-Options'), context).toBe('nosniff');
  expect(response.headers.get('Cross-Origin-Resource-Policy'), context).toBe('same-origin');
}

describe('a file stored in R2 with a dangerous type', () => {
  it.each([
    [HTML_AS_HTML, 'application/octet-stream'],
    [JS_AS_JS, 'application/octet-stream'],
    [SVG_AS_SVG, 'application/octet-stream'],
    [NO_EXTENSION, 'application/octet-stream'],
    [TEXT_AS_HTML, 'text/plain; charset=utf-8'],
    [SONG_AS_HTML, 'audio/mpeg'],
  ])('%s is downloaded inert as %s', async (path, contentType) => {
    const response = await call(songUrl('download-kenji-song', path));
    expect(response.status).toBe(200);
    expectInert(response, contentType, path);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; /);
    await response.arrayBuffer();
  });

  it('keeps the type and the headers on every kind of answer: 206, HEAD with Range, 304 and 416', async () => {
    const url = songUrl('download-kenji-song', HTML_AS_HTML);
    const partial = await call(url, { headers: { Range: 'bytes=0-14' } });
    expect(partial.status).toBe(206);
    expectInert(partial, 'application/octet-stream', '206');
    expect(new TextDecoder().decode(await partial.arrayBuffer())).toBe('<!doctype html>');

    const head = await call(url, { method: 'HEAD', headers: { Range: 'bytes=1-' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('Content-Range')).toBe(`bytes 1-${SCRIPT_PAGE.length - 1}/${SCRIPT_PAGE.length}`);
    expect(head.headers.get('Content-Length')).toBe(String(SCRIPT_PAGE.length - 1));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expectInert(head, 'application/octet-stream', 'HEAD');

    const etag = required(head.headers.get('ETag'), 'an ETag');
    const notModified = await call(url, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expectInert(notModified, 'application/octet-stream', '304');

    const outside = await call(url, { headers: { Range: 'bytes=5000-' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(outside.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await outside.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('a song stored as text/html streams to the player as audio, sandboxed', async () => {
    for (const range of [undefined, 'bytes=0-1', 'bytes=2-']) {
      const response = await call(songUrl('stream-kenji-song', SONG_AS_HTML), { headers: range ? { Range: range } : {} });
      expect(response.status, range).toBe(range ? 206 : 200);
      expectInert(response, 'audio/mpeg', `stream ${range ?? 'whole'}`);
      expect(response.headers.get('Content-Disposition')).toMatch(/^inline; /);
      await response.arrayBuffer();
    }
  });

  it('pages keep their own policy: the sandbox is for files only', async () => {
    const page = await exports.default.fetch(new Request('http://localhost/kenji'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    await page.arrayBuffer();
  });

  it('a folder zip is sandboxed too, and its members keep their bytes whatever R2 said they were', async () => {
    const response = await call('/download-kenji-folder?folder=Evil');
    expect(response.status).toBe(200);
    expectInert(response, 'application/zip', 'zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README', 'Track.mp3', 'app.js', 'cover.svg', 'liner notes.txt', 'page.html']);
    expect(new TextDecoder().decode(files['app.js'])).toBe(SCRIPT);
  });
});

describe('zip member names are checked like request paths', () => {
  const HOSTILE_KEYS = [
    'Hostile/../escaped.txt',
    'Hostile/../../../../etc/cron.d/evil',
    'Hostile/Sub/../../up.wav',
    'Hostile//absolute.wav',
    'Hostile/Sub//empty segment.wav',
    'Hostile/back\\slash.wav',
    'Hostile/..\\..\\windows.wav',
    'Hostile/./dot.wav',
    'Hostile/C:/drive.wav',
    'Hostile/%2e%2e/encoded.wav',
    'Hostile/control\u0001.wav',
    // Issue 22: a second spelling of café.mp3 (NFD), a fullwidth '../', a right-to-left override, a zero-width space.
    'Hostile/cafe\u0301.mp3',
    'Hostile/\uff0e\uff0e\uff0fescape.mp3',
    'Hostile/evil\u202egpj.mp3',
    'Hostile/zero\u200bwidth.mp3',
  ];
  const SAFE = {
    'Hostile/ok.wav': 'safe one',
    'Hostile/Sub/deeper ok.mp3': 'safe two',
    'Hostile/dots..in name.txt': 'safe three',
    'Hostile/caf\u00e9.mp3': 'safe four',
  };

  beforeAll(async () => {
    for (const key of HOSTILE_KEYS) await env.KENJI.put(key, `hostile ${key}`);
    for (const [key, body] of Object.entries(SAFE)) await env.KENJI.put(key, body);
    await env.GLAIVE.put('../outside-the-library.wav', 'hostile');
    await env.GLAIVE.put('/rooted.wav', 'hostile');
    await env.GLAIVE.put('Fine/track.wav', 'fine');
    await env.KENJI.put('Only Bad/../x.wav', 'hostile');
    await env.KENJI.put('Only Bad//y.wav', 'hostile');
  });

  it('leaves hostile members out, and the predicted Content-Length is exactly what is sent', async () => {
    for (const key of HOSTILE_KEYS) expect(await env.KENJI.head(key), `${key} really is in R2`).not.toBeNull();

    const response = await call('/download-kenji-folder?folder=Hostile');
    expect(response.status).toBe(200);
    const declared = Number(response.headers.get('Content-Length'));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(declared);
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['Sub/deeper ok.mp3', 'caf\u00e9.mp3', 'dots..in name.txt', 'ok.wav']);
    expect(new TextDecoder().decode(files['ok.wav'])).toBe('safe one');
    expect(new TextDecoder().decode(files['caf\u00e9.mp3']), 'the NFC spelling, not its NFD twin').toBe('safe four');
  });

  it('leaves hostile names out of the song list, which shows the safe ones', async () => {
    await invalidateSongList(env.CACHE, 'kenji');
    for (const query of ['', '?sizes=1']) {
      const body = await (await call(`/get-kenji-songs${query}`)).json<string[] | { paths: string[]; sizes: number[] }>();
      const listing = Array.isArray(body) ? body : body.paths;
      for (const key of Object.keys(SAFE)) expect(listing, query).toContain(key);
      // 'C:' is a drive letter only where a zip member's name starts: the library path itself is fine.
      for (const key of HOSTILE_KEYS.filter((k) => k !== 'Hostile/C:/drive.wav')) expect(listing, query).not.toContain(key);
      if (!Array.isArray(body)) expect(body.sizes).toHaveLength(listing.length);
    }
  });

  it('refuses to stream or download a hostile name with 400, naming the problem', async () => {
    const cases: [string, RegExp][] = [
      ['Hostile/cafe\u0301.mp3', /NFC/],
      ['Hostile/\uff0e\uff0e\uff0fescape.mp3', /compatibility form/],
      ['Hostile/evil\u202egpj.mp3', /bidirectional/],
      ['Hostile/zero\u200bwidth.mp3', /zero-width/],
    ];
    for (const [key, sentence] of cases) {
      for (const endpoint of ['stream-kenji-song', 'download-kenji-song']) {
        const response = await call(songUrl(endpoint, key));
        expect(response.status, `${endpoint} ${key}`).toBe(400);
        expect((await response.json<{ error: string }>()).error, key).toMatch(sentence);
      }
    }
    expect((await call(songUrl('stream-kenji-song', 'Hostile/caf\u00e9.mp3'))).status).toBe(200);
  });

  it('checks names at the root of a whole-library zip too', async () => {
    const response = await call('/download-glaive-folder');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(Number(response.headers.get('Content-Length')));
    expect(Object.keys(unzipSync(bytes))).toEqual(['Fine/track.wav']);
  });

  it('answers 404 JSON for a folder that holds nothing but hostile names', async () => {
    const response = await call(`/download-kenji-folder?folder=${encodeURIComponent('Only Bad')}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'FOLDER_NOT_FOUND' });
  });
});
