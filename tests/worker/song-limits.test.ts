import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { required } from './expect-helpers';
import { countedInOneWindow } from './rate-limit-window';

/**
 * The spec's limits, as literals: 30 plays a minute per client (PLAY_LIMITER) and 60 downloads a minute
 * per client (DOWNLOAD_LIMITER, songs and zips together). Each count runs inside one wall-clock window of
 * Miniflare's limiter (see rate-limit-window.ts), with fresh client addresses per attempt.
 */

const BASE = 'http://localhost/api';
const SONG = 'Limits/Song.wav';
const OTHER_SONG = 'Limits/Other.wav';
const SIZE = 1000;

beforeAll(async () => {
  await env.KENJI.put(SONG, new Uint8Array(SIZE).fill(1));
  await env.KENJI.put(OTHER_SONG, new Uint8Array(SIZE).fill(2));
});

interface Ask {
  method?: 'GET' | 'HEAD';
  range?: string;
  ifRange?: string;
  ticket?: string;
}

function ask(endpoint: string, query: string, client: string, { method = 'GET', range, ifRange, ticket }: Ask = {}): Promise<Response> {
  const headers = new Headers({ 'CF-Connecting-IP': client });
  if (range) headers.set('Range', range);
  if (ifRange) headers.set('If-Range', ifRange);
  const url = `${BASE}/${endpoint}?${query}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`;
  return exports.default.fetch(new Request(url, { method, headers }));
}

const stream = (client: string, options?: Ask, song = SONG) => ask('stream-kenji-song', `song=${encodeURIComponent(song)}`, client, options);

/** Reads the body so the connection is done with, and answers the status. */
async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

async function expectBusy(response: Response, context: string) {
  expect(response.status, context).toBe(429);
  expect(response.headers.get('Retry-After'), context).toBe('60');
  expect(await response.json(), context).toEqual({ error: 'Server is busy. Please try again in a moment.', code: 'BUSY' });
}

describe('the play limiter', () => {
  /** Requests that start a play: each is counted when it carries no valid ticket. */
  const COUNTED: [string, Ask][] = [
    ['no Range', {}],
    ['bytes=0-0', { range: 'bytes=0-0' }],
    ['bytes=0-', { range: 'bytes=0-' }],
    ['bytes=00-9 (still byte 0)', { range: 'bytes=00-9' }],
    ['bytes=-1 (a suffix)', { range: 'bytes=-1' }],
    ['bytes=-100 (a suffix)', { range: 'bytes=-100' }],
    ['bytes=-5000 (a suffix past the start)', { range: 'bytes=-5000' }],
    ['bytes=9-3 (answered whole)', { range: 'bytes=9-3' }],
    ['bytes=1-2,0-5 (answered whole)', { range: 'bytes=1-2,0-5' }],
    ['bytes=junk (answered whole)', { range: 'bytes=junk' }],
    ['bytes=1- with a stale If-Range (answered whole)', { range: 'bytes=1-', ifRange: '"stale"' }],
    ['HEAD without Range', { method: 'HEAD' }],
    ['HEAD bytes=0-0', { method: 'HEAD', range: 'bytes=0-0' }],
    ['HEAD bytes=-1', { method: 'HEAD', range: 'bytes=-1' }],
    ['bytes=0- with a forged ticket', { range: 'bytes=0-', ticket: 'A'.repeat(43) }],
  ];

  /** Requests that continue a play already started: never counted, so served even past the limit. */
  const FREE: [string, Ask, number][] = [
    ['bytes=1-', { range: 'bytes=1-' }, 206],
    ['bytes=1-1', { range: 'bytes=1-1' }, 206],
    ['bytes=500-', { range: 'bytes=500-' }, 206],
    ['bytes=999-999', { range: 'bytes=999-999' }, 206],
    ['HEAD bytes=1-', { method: 'HEAD', range: 'bytes=1-' }, 206],
  ];

  it('allows 30 play starts a minute per client, then answers 429 with Retry-After and the busy message', async () => {
    const { allowed, refused, other } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.61.${attempt}.1`;
      let served = 0;
      let answer: Response | undefined;
      for (let i = 0; i < 40 && !answer; i++) {
        // Alternate the kinds of start, so none of them slips past the count.
        const response = await stream(client, i % 3 === 0 ? {} : { range: i % 3 === 1 ? 'bytes=0-1' : 'bytes=-100' });
        if (response.status === 429) answer = response;
        else {
          expect(await statusOf(response)).toBeLessThan(300);
          served++;
        }
      }
      return { allowed: served, refused: answer, other: await statusOf(await stream(`10.61.${attempt}.2`)) };
    });
    expect(allowed).toBe(30);
    await expectBusy(required(refused, 'a 429 answer'), 'the 31st start');
    expect(other, 'another listener is not affected').toBe(200);
  }, 60_000);

  it('counts every start (suffix ranges, byte 0, answers sent whole, HEAD) and never a continuation', async () => {
    const { counted, free, ticketed, ticketForOther } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.62.${attempt}.1`;
      const first = await stream(client, { range: 'bytes=0-1' });
      await first.arrayBuffer();
      const ticket = required(first.headers.get('X-Play-Ticket'), 'a play ticket');
      for (let i = 1; i < 30; i++) expect(await statusOf(await stream(client, { range: 'bytes=0-1' }))).toBe(206);
      // This client has used its 30 starts: a counted request is refused, a free one still served.
      const counted = await Promise.all(COUNTED.map(async ([name, options]) => [name, await statusOf(await stream(client, options))] as const));
      const free = await Promise.all(FREE.map(async ([name, options]) => [name, await statusOf(await stream(client, options))] as const));
      const ticketed = [
        await statusOf(await stream(client, { ticket })),
        await statusOf(await stream(client, { range: 'bytes=0-', ticket })),
        await statusOf(await stream(client, { range: 'bytes=-1', ticket })),
        await statusOf(await stream(client, { method: 'HEAD', range: 'bytes=0-0', ticket })),
      ];
      const ticketForOther = await statusOf(await stream(client, { range: 'bytes=0-', ticket }, OTHER_SONG));
      return { counted, free, ticketed, ticketForOther };
    });
    for (const [name, status] of counted) expect(status, name).toBe(429);
    for (const [name, status] of free) expect(status, name).toBe(FREE.find(([n]) => n === name)?.[2]);
    expect(ticketed, 'the ticket of this play lets its own requests through').toEqual([200, 206, 206, 206]);
    expect(ticketForOther, 'a ticket is for one song').toBe(429);
  }, 60_000);

  it('costs nothing to a continuation before the limit either: 30 starts still follow 100 seeks', async () => {
    const allowed = await countedInOneWindow(60, async (attempt) => {
      const client = `10.63.${attempt}.1`;
      for (let i = 0; i < 100; i++) expect(await statusOf(await stream(client, { range: `bytes=${1 + (i % 999)}-` }))).toBe(206);
      let served = 0;
      while (served < 40 && (await statusOf(await stream(client, { range: 'bytes=0-1' }))) === 206) served++;
      return served;
    });
    expect(allowed).toBe(30);
  }, 60_000);
});

describe('the download limiter', () => {
  const download = (client: string, options?: Ask) => ask('download-kenji-song', `song=${encodeURIComponent(SONG)}`, client, options);
  const zip = (client: string) => ask('download-kenji-folder', 'folder=Limits', client);

  it('allows 60 downloads a minute per client, songs and zips together, of any range or method', async () => {
    const { allowed, refusedSong, refusedZip, refusedRange, other } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.64.${attempt}.1`;
      const kinds = [() => download(client), () => zip(client), () => download(client, { range: 'bytes=500-' }), () => download(client, { method: 'HEAD' })];
      let served = 0;
      let refused: Response | undefined;
      for (let i = 0; i < 70 && !refused; i++) {
        const response = await required(kinds[i % kinds.length], 'a kind of download')();
        if (response.status === 429) refused = response;
        else {
          expect(await statusOf(response)).toBeLessThan(300);
          served++;
        }
      }
      return {
        allowed: served,
        refusedSong: refused,
        refusedZip: await zip(client),
        refusedRange: await download(client, { range: 'bytes=1-' }),
        other: await statusOf(await zip(`10.64.${attempt}.2`)),
      };
    });
    expect(allowed).toBe(60);
    await expectBusy(required(refusedSong, 'a 429 answer'), 'the 61st download');
    await expectBusy(refusedZip, 'a zip past the limit');
    await expectBusy(refusedRange, 'a ranged download past the limit');
    expect(other, 'another client is not affected').toBe(200);
  }, 60_000);

  it('keeps its own budget: downloads do not use up plays, nor plays downloads', async () => {
    const { plays, downloads } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.65.${attempt}.1`;
      let downloads = 0;
      while (downloads < 70 && (await statusOf(await download(client, { method: 'HEAD' }))) === 200) downloads++;
      let plays = 0;
      while (plays < 40 && (await statusOf(await stream(client, { method: 'HEAD' }))) === 200) plays++;
      return { plays, downloads };
    });
    expect(downloads).toBe(60);
    expect(plays).toBe(30);
  }, 60_000);
});
