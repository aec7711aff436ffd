import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { required } from '../helpers/required';
import { countedInOneWindow } from './helpers/rate-limit-window';

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
  /** Every request without a valid ticket counts as a play, whatever its shape: none of these may pass a spent limit. */
  const COUNTED: [string, Ask][] = [
    ['no Range', {}],
    ['bytes=0-0', { range: 'bytes=0-0' }],
    ['bytes=0-', { range: 'bytes=0-' }],
    ['bytes=00-9 (still byte 0)', { range: 'bytes=00-9' }],
    ['bytes=1- (all but the first byte)', { range: 'bytes=1-' }],
    ['bytes=1-999 (all but the first byte, closed)', { range: 'bytes=1-999' }],
    ['bytes=1-1', { range: 'bytes=1-1' }],
    ['bytes=500-', { range: 'bytes=500-' }],
    ['bytes=999-999 (the last byte)', { range: 'bytes=999-999' }],
    ['bytes=-1 (a suffix)', { range: 'bytes=-1' }],
    ['bytes=-999 (a suffix of all but the first byte)', { range: 'bytes=-999' }],
    ['bytes=-5000 (a suffix past the start)', { range: 'bytes=-5000' }],
    ['bytes=9-3 (answered whole)', { range: 'bytes=9-3' }],
    ['bytes=1-2,0-5 (several ranges, answered whole)', { range: 'bytes=1-2,0-5' }],
    ['bytes=1-499,500- (several ranges, answered whole)', { range: 'bytes=1-499,500-' }],
    ['bytes=junk (answered whole)', { range: 'bytes=junk' }],
    ['bytes=1- with a stale If-Range (answered whole)', { range: 'bytes=1-', ifRange: '"stale"' }],
    ['HEAD without Range', { method: 'HEAD' }],
    ['HEAD bytes=0-0', { method: 'HEAD', range: 'bytes=0-0' }],
    ['HEAD bytes=1-', { method: 'HEAD', range: 'bytes=1-' }],
    ['HEAD bytes=-1', { method: 'HEAD', range: 'bytes=-1' }],
    ['bytes=0- with a forged ticket', { range: 'bytes=0-', ticket: 'A'.repeat(64) }],
    ['bytes=1- with a forged ticket', { range: 'bytes=1-', ticket: 'A'.repeat(64) }],
  ];

  /** A client's first play (probe answered with its ticket), then 29 more: its 30 plays of the minute are spent. */
  async function spendAllPlays(client: string): Promise<string> {
    const first = await stream(client, { range: 'bytes=0-1' });
    await first.arrayBuffer();
    expect(first.status).toBe(206);
    const ticket = required(first.headers.get('X-Play-Ticket'), 'a play ticket');
    for (let i = 1; i < 30; i++) expect(await statusOf(await stream(client, { range: 'bytes=0-1' }))).toBe(206);
    return ticket;
  }

  it('allows 30 plays a minute per client, then answers 429 with Retry-After and the busy message', async () => {
    const { allowed, refused, other } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.61.${attempt}.1`;
      let served = 0;
      let answer: Response | undefined;
      const ranges = [undefined, 'bytes=0-1', 'bytes=-100', 'bytes=1-', 'bytes=500-'];
      for (let i = 0; i < 40 && !answer; i++) {
        // Alternate the shapes, so none of them slips past the count.
        const range = ranges[i % ranges.length];
        const response = await stream(client, range ? { range } : {});
        if (response.status === 429) answer = response;
        else {
          expect(await statusOf(response)).toBeLessThan(300);
          served++;
        }
      }
      return { allowed: served, refused: answer, other: await statusOf(await stream(`10.61.${attempt}.2`)) };
    });
    expect(allowed).toBe(30);
    await expectBusy(required(refused, 'a 429 answer'), 'the 31st play');
    expect(other, 'another listener is not affected').toBe(200);
  }, 60_000);

  it('counts every request without a valid ticket, of any range, method or header, and none within a ticket', async () => {
    const { counted, ticketed, ticketForOther, ticketOfOther } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.62.${attempt}.1`;
      const ticket = await spendAllPlays(client);
      // This client has used its 30 plays: a counted request is refused, its ticket's requests still served.
      const counted = await Promise.all(COUNTED.map(async ([name, options]) => [name, await statusOf(await stream(client, options))] as const));
      const ticketed = [
        await statusOf(await stream(client, { ticket })),
        await statusOf(await stream(client, { range: 'bytes=0-', ticket })),
        await statusOf(await stream(client, { range: 'bytes=-1', ticket })),
        await statusOf(await stream(client, { method: 'HEAD', range: 'bytes=0-0', ticket })),
      ];
      const ticketForOther = await statusOf(await stream(client, { range: 'bytes=0-', ticket }, OTHER_SONG));
      const ticketOfOther = await statusOf(await stream(`10.62.${attempt}.2`, { range: 'bytes=0-', ticket }));
      return { counted, ticketed, ticketForOther, ticketOfOther };
    });
    for (const [name, status] of counted) expect(status, name).toBe(429);
    expect(ticketed, 'the ticket of this play lets its own requests through').toEqual([200, 206, 206, 206]);
    expect(ticketForOther, 'a ticket is for one song').toBe(429);
    expect(ticketOfOther, 'a ticket is for one client: another one pays a play (and has plays left)').toBe(206);
  }, 60_000);

  it('answers 45 of 45 requests for all but the first byte with 429 once the plays are spent (issue 22)', async () => {
    const statuses = await countedInOneWindow(60, async (attempt) => {
      const client = `10.66.${attempt}.1`;
      await spendAllPlays(client);
      return Promise.all(Array.from({ length: 45 }, async () => statusOf(await stream(client, { range: 'bytes=1-' }))));
    });
    expect(statuses).toEqual(Array.from({ length: 45 }, () => 429));
  }, 60_000);

  it("lets one ticket move three times the file (3,000 bytes here), the probe's 2 bytes included, then counts", async () => {
    const { underOrAt, over, full } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.67.${attempt}.1`;
      const ticket = await spendAllPlays(client);
      const underOrAt = [
        await statusOf(await stream(client, { range: 'bytes=0-', ticket })), // the element's first request: 1,000
        await statusOf(await stream(client, { range: 'bytes=500-', ticket })), // a seek, the ticket's second use: 500
        await statusOf(await stream(client, { range: 'bytes=3-', ticket })), // 997: 2,499 spent
        await statusOf(await stream(client, { range: 'bytes=500-999', ticket })), // 500: 2,999 spent
        await statusOf(await stream(client, { range: 'bytes=999-999', ticket })), // 1: exactly 3,000 spent
        await statusOf(await stream(client, { method: 'HEAD', ticket })), // moves no bytes
      ];
      const over = await statusOf(await stream(client, { range: 'bytes=0-0', ticket })); // 3,001: a play, and none is left
      const full = await statusOf(await stream(client, { ticket }));
      return { underOrAt, over, full };
    });
    expect(underOrAt).toEqual([206, 206, 206, 206, 206, 200]);
    expect(over, 'one byte past the budget').toBe(429);
    expect(full, 'a full fetch past the budget').toBe(429);
  }, 60_000);

  it('serves two of 60 simultaneous full downloads on one ticket, and refuses the rest once the plays are spent', async () => {
    const statuses = await countedInOneWindow(60, async (attempt) => {
      const client = `10.68.${attempt}.1`;
      const ticket = await spendAllPlays(client);
      return Promise.all(Array.from({ length: 60 }, async () => statusOf(await stream(client, { ticket }))));
    });
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(58);
  }, 60_000);

  it("costs no play for a ticketed play's seeks: 29 more plays follow a play with four seeks", async () => {
    const allowed = await countedInOneWindow(60, async (attempt) => {
      const client = `10.63.${attempt}.1`;
      const probe = await stream(client, { range: 'bytes=0-1' });
      await probe.arrayBuffer();
      const ticket = required(probe.headers.get('X-Play-Ticket'), 'a play ticket');
      for (const range of ['bytes=0-', 'bytes=800-', 'bytes=300-', 'bytes=900-', 'bytes=950-']) {
        expect(await statusOf(await stream(client, { range, ticket }))).toBe(206);
      }
      let served = 0;
      while (served < 40 && (await statusOf(await stream(client, { range: 'bytes=0-1' }))) === 206) served++;
      return served;
    });
    expect(allowed).toBe(29);
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
