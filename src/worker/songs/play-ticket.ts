import { fromBase64Url, toBase64Url } from '../../shared/base64url';
import { PLAY_TICKET_FILES, PLAY_TICKET_LIFETIME_SECONDS, PLAY_TICKET_REQUESTS } from '../../shared/songs/limits';
import { deriveHmacKey, KEY_PURPOSES } from '../crypto/keys';
import { openPlayTicket, spendFromPlayTicket } from '../db/play-tickets';

/**
 * A play counts once: the player's 2-byte probe is counted by the limiter and answered with a ticket, which
 * the audio element's own requests for the song (its first range, seeks, re-buffering) carry instead of
 * being counted again. A ticket covers one play and no more: it is a random id signed (HMAC) for one
 * library, song and client, and its D1 row holds what the play may still move, PLAY_TICKET_FILES times the
 * file, in at most PLAY_TICKET_REQUESTS requests. The balance is in D1 rather than in the ticket or a
 * rate-limit key so that every isolate spends from the same one, atomically: copying a ticket into 60
 * downloads spends it within a few, and 300 one-byte ranges on it within 32.
 */

/** Who may use a ticket, for what. */
export interface PlayOf {
  library: string;
  song: string;
  client: string;
}

const ID_BYTES = 16;
/** The id and a SHA-256 HMAC: 48 bytes, 64 base64url characters. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{64}$/;

const encoder = new TextEncoder();

/** Its own key, derived from the session secret (which the configuration check guarantees is long enough). */
const hmacKey = (secret: string) => deriveHmacKey(secret, KEY_PURPOSES.playTicket);

const message = (play: PlayOf, id: string) => encoder.encode(`${play.library}\n${play.song}\n${play.client}\n${id}`);

export interface TicketEnv {
  DB: D1Database;
  SESSION_SECRET: string;
}

/** Opens a ticket for a play of a `size`-byte song whose counted request moves `spent` bytes. */
export async function issuePlayTicket(env: TicketEnv, play: PlayOf, size: number, spent: number, now = Date.now()): Promise<string> {
  const idBytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  const id = toBase64Url(idBytes);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(env.SESSION_SECRET), message(play, id)));
  await openPlayTicket(env.DB, { id, budget: size * PLAY_TICKET_FILES, spent, expiresAt: now + PLAY_TICKET_LIFETIME_SECONDS * 1000 });
  const ticket = new Uint8Array(ID_BYTES + signature.length);
  ticket.set(idBytes);
  ticket.set(signature, ID_BYTES);
  return toBase64Url(ticket);
}

/**
 * The ticket's id if it was signed for this play (constant-time, crypto.subtle.verify), else null. Checked
 * before D1 is asked, so forged tickets cost no database work.
 */
export async function playTicketId(secret: string, ticket: string | undefined, play: PlayOf): Promise<string | null> {
  const bytes = ticket !== undefined && TICKET_PATTERN.test(ticket) ? fromBase64Url(ticket) : null;
  if (!bytes) return null;
  const id = toBase64Url(bytes.subarray(0, ID_BYTES));
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes.subarray(ID_BYTES), message(play, id));
  return valid ? id : null;
}

/** Pays one request moving `bytes` from the ticket with this (verified) id; false when it holds too little. */
export const chargePlayTicket = (db: D1Database, id: string, bytes: number, now = Date.now()): Promise<boolean> =>
  spendFromPlayTicket(db, id, { bytes, maxRequests: PLAY_TICKET_REQUESTS }, now);

/** Pays one request moving `bytes` of this play from its ticket; false when there is no valid ticket for it or it holds too little. */
export async function spendPlayTicket(env: TicketEnv, ticket: string | undefined, play: PlayOf, bytes: number, now = Date.now()): Promise<boolean> {
  const id = await playTicketId(env.SESSION_SECRET, ticket, play);
  return id !== null && chargePlayTicket(env.DB, id, bytes, now);
}
