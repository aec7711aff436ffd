import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { issuePlayTicket, playTicketId, spendPlayTicket, type PlayOf } from '../../src/worker/songs/play-ticket';

// A ticket covers one play: three times the file (PLAY_TICKET_FILES), for an hour (PLAY_TICKET_LIFETIME_SECONDS).
const PLAY: PlayOf = { library: '300000000000000001', song: 'Lofi/rain.mp3', client: '203.0.113.7' };
const SIZE = 1000;
const NOW = 1_800_000_000_000;
const HOUR_MS = 3600 * 1000;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM play_tickets').run();
});

describe('a play ticket', () => {
  it('is 64 base64url characters: its id and their signature', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await playTicketId(env.SESSION_SECRET, ticket, PLAY)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('counts for its library, song and client only, and only under the secret that signed it', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    for (const other of [{ library: '300000000000000002' }, { song: 'Lofi/rain2.mp3' }, { client: '203.0.113.8' }]) {
      expect(await playTicketId(env.SESSION_SECRET, ticket, { ...PLAY, ...other })).toBeNull();
    }
    // The fields are kept apart: the same characters split another way are another play.
    const split = { library: 'ab', song: 'c', client: 'd' };
    const splitTicket = await issuePlayTicket(env, split, SIZE, 2, NOW);
    expect(await playTicketId(env.SESSION_SECRET, splitTicket, { library: 'a', song: 'bc', client: 'd' })).toBeNull();
    expect(await playTicketId(`${env.SESSION_SECRET}-another`, ticket, PLAY)).toBeNull();
  });

  it('a ticket changed, cut, lengthened or missing is no ticket', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    const last = ticket.at(-1) === 'A' ? 'B' : 'A';
    for (const forged of [`${ticket.slice(0, -1)}${last}`, ticket.slice(0, -1), `${ticket}A`, `A${ticket}`, ticket.replace(/.$/, '='), '', undefined]) {
      expect(await playTicketId(env.SESSION_SECRET, forged, PLAY)).toBeNull();
      expect(await spendPlayTicket(env, forged, PLAY, 1, NOW)).toBe(false);
    }
  });

  it('pays for three times the file, the probe that opened it included', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    expect(await spendPlayTicket(env, ticket, PLAY, 3 * SIZE - 2 - 1, NOW)).toBe(true);
    expect(await spendPlayTicket(env, ticket, PLAY, 2, NOW)).toBe(false);
    expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW)).toBe(true);
    expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW)).toBe(false);
  });

  it('lasts an hour: spent just before, refused at the hour', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW + HOUR_MS - 1)).toBe(true);
    expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW + HOUR_MS)).toBe(false);
  });

  it('answers 32 requests in all: the probe and 31 more', async () => {
    const ticket = await issuePlayTicket(env, PLAY, SIZE, 2, NOW);
    for (let request = 2; request <= 32; request += 1) expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW)).toBe(true);
    expect(await spendPlayTicket(env, ticket, PLAY, 1, NOW)).toBe(false);
  });

  it('each issued ticket is its own play', async () => {
    const [first, second] = [await issuePlayTicket(env, PLAY, SIZE, 3 * SIZE, NOW), await issuePlayTicket(env, PLAY, SIZE, 2, NOW)];
    expect(first).not.toBe(second);
    expect(await spendPlayTicket(env, first, PLAY, 1, NOW)).toBe(false);
    expect(await spendPlayTicket(env, second, PLAY, 1, NOW)).toBe(true);
  });
});
