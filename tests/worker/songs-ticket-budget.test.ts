import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { required } from '../helpers/required';
import { playTicketId } from '../../src/worker/songs/play-ticket';
import { countedInOneWindow } from './helpers/rate-limit-window';

/**
 * A play ticket answers at most 32 requests, the counted one that opened it included, however few bytes each
 * moves (issue 36: 300 one-byte ranges on one ticket were all served, each an R2 read and a D1 write). A request
 * the ticket cannot pay for counts as a play: answered with a new ticket (X-Play-Ticket) while plays are left,
 * 429 past them. Whether an answer was paid by its ticket shows in that header, so most counts here need no
 * rate-limit window; the ones that reach the limit run inside one (rate-limit-window.ts).
 */

const SONG = 'Ticket Budget/Song.wav';
const SIZE = 100_000;

beforeAll(async () => {
  await env.KENJI.put(SONG, new Uint8Array(SIZE).fill(7));
});

interface Ask {
  method?: 'GET' | 'HEAD';
  range?: string;
  ifNoneMatch?: string;
  ticket?: string;
}

function stream(client: string, { method = 'GET', range, ifNoneMatch, ticket }: Ask = {}): Promise<Response> {
  const headers = new Headers({ 'CF-Connecting-IP': client });
  if (range) headers.set('Range', range);
  if (ifNoneMatch) headers.set('If-None-Match', ifNoneMatch);
  const url = `http://localhost/api/stream-kenji-song?song=${encodeURIComponent(SONG)}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`;
  return exports.default.fetch(new Request(url, { method, headers }));
}

/** How a request was paid for: by its ticket, as a new play (a new ticket), or not at all. */
type Paid = 'ticket' | 'play' | 'refused';

async function paidBy(response: Response): Promise<Paid> {
  await response.arrayBuffer();
  if (response.status === 429) return 'refused';
  expect(response.status).toBeLessThan(500);
  return response.headers.has('X-Play-Ticket') ? 'play' : 'ticket';
}

/** The player's probe: one counted play, answered with the ticket. */
async function probe(client: string): Promise<string> {
  const response = await stream(client, { range: 'bytes=0-1' });
  await response.arrayBuffer();
  expect(response.status).toBe(206);
  return required(response.headers.get('X-Play-Ticket'), 'a play ticket');
}

async function ticketRow(client: string, ticket: string) {
  const id = required(await playTicketId(env.SESSION_SECRET, ticket, { library: 'kenji', song: SONG, client }), 'a valid ticket');
  return env.DB.prepare('SELECT spent, requests FROM play_tickets WHERE id = ?1').bind(id).first<{ spent: number; requests: number }>();
}

describe('a play ticket pays for 32 requests, the counted probe included', () => {
  it('serves 31 one-byte ranges on the ticket after the probe; the 32nd counts as a play', async () => {
    const client = '10.36.1.1';
    const ticket = await probe(client);
    const paid: Paid[] = [];
    for (let i = 0; i < 32; i++) paid.push(await paidBy(await stream(client, { range: 'bytes=5-5', ticket })));
    expect(paid.slice(0, 31)).toEqual(Array.from({ length: 31 }, () => 'ticket'));
    expect(paid[31], 'the 33rd request of the play, the 32nd on its ticket').toBe('play');
    expect(await ticketRow(client, ticket), 'the probe and 31 ranges, one byte each').toEqual({ spent: 2 + 31, requests: 32 });
  });

  it('counts a request whatever it moves: HEAD, 304 and 416 each take one of the 32', async () => {
    const client = '10.36.1.2';
    const ticket = await probe(client);
    const etag = required((await stream(client, { method: 'HEAD', ticket })).headers.get('ETag'), 'an ETag');
    const kinds: Ask[] = [{ method: 'HEAD' }, { ifNoneMatch: etag }, { range: `bytes=${SIZE}-` }];
    const statuses: number[] = [];
    // The HEAD above was the second request of the ticket; 30 more fill it.
    for (let i = 0; i < 30; i++) {
      const response = await stream(client, { ...kinds[i % kinds.length], ticket });
      await response.arrayBuffer();
      expect(response.headers.has('X-Play-Ticket'), `request ${i + 3}`).toBe(false);
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 304, 416]));
    expect(await ticketRow(client, ticket), 'no bytes moved, 32 requests answered').toEqual({ spent: 2, requests: 32 });
    expect(await paidBy(await stream(client, { method: 'HEAD', ticket })), 'a HEAD past the count').toBe('play');
    expect(await ticketRow(client, ticket), 'a request the ticket cannot pay takes nothing from it').toEqual({ spent: 2, requests: 32 });
  });

  it('still stops at its bytes first: three times the file, with requests to spare', async () => {
    const client = '10.36.1.3';
    const ticket = await probe(client);
    const paid = [
      await paidBy(await stream(client, { range: 'bytes=0-', ticket })), // 100,000
      await paidBy(await stream(client, { range: 'bytes=0-', ticket })), // 200,000
      await paidBy(await stream(client, { range: 'bytes=2-', ticket })), // 99,998: exactly 300,000 with the probe's 2
      await paidBy(await stream(client, { range: 'bytes=0-0', ticket })), // one byte past the budget
    ];
    expect(paid).toEqual(['ticket', 'ticket', 'ticket', 'play']);
    expect(await ticketRow(client, ticket)).toEqual({ spent: 300_000, requests: 4 });
  });

  it('serves 31 of 60 simultaneous one-byte ranges on one ticket, never more', async () => {
    const client = '10.36.1.4';
    const ticket = await probe(client);
    const paid = await Promise.all(Array.from({ length: 60 }, async () => paidBy(await stream(client, { range: 'bytes=9-9', ticket }))));
    expect(paid.filter((by) => by === 'ticket')).toHaveLength(31);
    expect(await ticketRow(client, ticket)).toEqual({ spent: 2 + 31, requests: 32 });
  }, 30_000);
});

describe('past its 32 requests, the play limiter decides', () => {
  it("answers the issue's 300 one-byte ranges on one ticket: 31 on the ticket, 29 as plays, 240 refused with 429", async () => {
    const { paid, refusal, row } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.36.2.${attempt + 1}`;
      const ticket = await probe(client);
      const paid: Paid[] = [];
      let refusal: Response | undefined;
      for (let i = 0; i < 300; i++) {
        // One byte each, at every offset from 0: no range shape goes uncounted.
        const response = await stream(client, { range: `bytes=${i}-${i}`, ticket });
        if (response.status === 429 && !refusal) {
          refusal = response;
          paid.push('refused');
        } else paid.push(await paidBy(response));
      }
      return { paid, refusal, row: await ticketRow(client, ticket) };
    });
    expect(paid.slice(0, 31)).toEqual(Array.from({ length: 31 }, () => 'ticket'));
    expect(paid.slice(31, 60), 'the play limiter: 30 a minute, the probe was the first').toEqual(Array.from({ length: 29 }, () => 'play'));
    expect(paid.slice(60)).toEqual(Array.from({ length: 240 }, () => 'refused'));
    const busy = required(refusal, 'a 429');
    expect(busy.headers.get('Retry-After')).toBe('60');
    expect(busy.headers.has('X-Play-Ticket')).toBe(false);
    expect(await busy.json()).toEqual({ error: 'Server is busy. Please try again in a moment.', code: 'BUSY' });
    expect(row, 'refusals take nothing from the ticket').toEqual({ spent: 2 + 31, requests: 32 });
  }, 120_000);
});
