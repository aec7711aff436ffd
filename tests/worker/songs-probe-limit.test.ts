import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { required } from '../helpers/required';
import { app } from '../../src/worker/index';
import { playTicketId } from '../../src/worker/songs/play-ticket';
import { countedInOneWindow } from './helpers/rate-limit-window';

/**
 * Asking for a song or folder that does not exist costs what asking for one that does costs (issue 36): a stream
 * request a play (30 a minute per client), a download or folder zip a download (60 a minute, together). So
 * nobody learns the library's names for free, and past the limit a miss is a 429 like any other request: the
 * library is not even asked. A 404 opens no play ticket.
 */

const BASE = 'http://localhost/api';
const SONG = 'Probe Limit/Real.wav';
const GONE = 'Probe Limit/Gone.wav';

beforeAll(async () => {
  await env.KENJI.put(SONG, new Uint8Array(1000).fill(3));
});

function ask(path: string, client: string, range?: string): Promise<Response> {
  const headers = new Headers({ 'CF-Connecting-IP': client });
  if (range) headers.set('Range', range);
  return exports.default.fetch(new Request(`${BASE}/${path}`, { headers }));
}

const stream = (client: string, song: string, ticket?: string) =>
  ask(`stream-kenji-song?song=${encodeURIComponent(song)}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`, client, 'bytes=0-1');
const download = (client: string, song: string) => ask(`download-kenji-song?song=${encodeURIComponent(song)}`, client);
const zip = (client: string, folder: string) => ask(`download-kenji-folder?folder=${encodeURIComponent(folder)}`, client);

/** Status and error code (null for a file), with the body read. */
async function outcome(response: Response): Promise<[number, string | null]> {
  if (response.headers.get('Content-Type')?.startsWith('application/json') && response.status >= 400) {
    const body = await response.json<{ error: string; code: string }>();
    expect(body.error.length).toBeGreaterThan(0);
    return [response.status, body.code];
  }
  await response.arrayBuffer();
  return [response.status, null];
}

const repeat = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

async function ticketCount(): Promise<number> {
  return required(await env.DB.prepare('SELECT COUNT(*) AS n FROM play_tickets').first<number>('n'), 'a count');
}

describe('a stream request for a song that does not exist', () => {
  it('costs a play: 29 misses and a song are the minute’s 30 plays, then a miss is a 429 too', async () => {
    const { misses, thirtieth, after, tickets } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.36.3.${attempt + 1}`;
      const before = await ticketCount();
      const misses: [number, string | null][] = [];
      for (let i = 0; i < 29; i++) misses.push(await outcome(await stream(client, `Probe Limit/Missing ${i}.wav`)));
      const opened = (await ticketCount()) - before;
      const thirtieth = await outcome(await stream(client, SONG));
      const after = [await outcome(await stream(client, GONE)), await outcome(await stream(client, SONG))];
      return { misses, thirtieth, after, tickets: opened };
    });
    expect(misses).toEqual(repeat(29, [404, 'SONG_NOT_FOUND']));
    expect(tickets, 'a 404 opens no ticket').toBe(0);
    expect(thirtieth, 'the 30th play').toEqual([206, null]);
    expect(after, 'the 31st: a miss and a song alike').toEqual([
      [429, 'BUSY'],
      [429, 'BUSY'],
    ]);
  }, 60_000);

  it('past the limit, is refused before the library is asked', async () => {
    const asked: string[] = [];
    const KENJI = new Proxy(env.KENJI, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          asked.push(`${String(name)} ${String(args[0])}`);
          return Reflect.apply(value, target, args) as unknown;
        };
      },
    });
    const viaApp = (client: string, song: string) =>
      app.fetch(
        new Request(`${BASE}/stream-kenji-song?song=${encodeURIComponent(song)}`, { headers: { 'CF-Connecting-IP': client, Range: 'bytes=0-1' } }),
        { ...env, KENJI },
        createExecutionContext(),
      );
    const { first, refused, askedFirst, askedAfter } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.36.4.${attempt + 1}`;
      asked.length = 0;
      const first = await outcome(await viaApp(client, GONE));
      const askedFirst = [...asked];
      for (let i = 1; i < 30; i++) await outcome(await viaApp(client, GONE));
      asked.length = 0;
      const refused = await viaApp(client, GONE);
      return { first, refused, askedFirst, askedAfter: [...asked] };
    });
    expect(first).toEqual([404, 'SONG_NOT_FOUND']);
    expect(askedFirst, 'within the limit, one look-up').toEqual([`head ${GONE}`]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'Server is busy. Please try again in a moment.', code: 'BUSY' });
    expect(askedAfter, 'past it, none').toEqual([]);
  }, 60_000);

  it('on a valid ticket (the song was deleted during its play) is one of the ticket’s requests, not a play', async () => {
    const client = '10.36.5.1';
    const song = 'Probe Limit/Deleted.wav';
    await env.KENJI.put(song, new Uint8Array(500).fill(4));
    const probe = await stream(client, song);
    await probe.arrayBuffer();
    const ticket = required(probe.headers.get('X-Play-Ticket'), 'a play ticket');
    await env.KENJI.delete(song);
    const miss = await stream(client, song, ticket);
    expect(miss.headers.has('X-Play-Ticket')).toBe(false);
    expect(await outcome(miss)).toEqual([404, 'SONG_NOT_FOUND']);
    const id = required(await playTicketId(env.SESSION_SECRET, ticket, { library: 'kenji', song, client }), 'a ticket id');
    const row = await env.DB.prepare('SELECT spent, requests FROM play_tickets WHERE id = ?1').bind(id).first();
    expect(row, 'no bytes, one request').toEqual({ spent: 2, requests: 2 });
  });
});

describe('a download or folder zip of something that does not exist', () => {
  it('costs a download: 30 song and 29 folder misses and a zip are the minute’s 60, then misses are 429s', async () => {
    const { songMisses, folderMisses, sixtieth, after } = await countedInOneWindow(60, async (attempt) => {
      const client = `10.36.6.${attempt + 1}`;
      const songMisses: [number, string | null][] = [];
      const folderMisses: [number, string | null][] = [];
      for (let i = 0; i < 30; i++) songMisses.push(await outcome(await download(client, `Probe Limit/Missing ${i}.wav`)));
      for (let i = 0; i < 29; i++) folderMisses.push(await outcome(await zip(client, `No Such Folder ${i}`)));
      const sixtieth = await outcome(await zip(client, 'Probe Limit'));
      const after = [
        await outcome(await download(client, GONE)),
        await outcome(await zip(client, 'No Such Folder')),
        await outcome(await download(client, SONG)),
      ];
      return { songMisses, folderMisses, sixtieth, after };
    });
    expect(songMisses).toEqual(repeat(30, [404, 'SONG_NOT_FOUND']));
    expect(folderMisses).toEqual(repeat(29, [404, 'FOLDER_NOT_FOUND']));
    expect(sixtieth, 'the 60th download').toEqual([200, null]);
    expect(after, 'the 61st and on: a missing song, a missing folder, a real song').toEqual(repeat(3, [429, 'BUSY']));
  }, 60_000);
});
