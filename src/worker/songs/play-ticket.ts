import { fromBase64Url, toBase64Url } from '../../shared/base64url';
import { deriveHmacKey, KEY_PURPOSES } from '../crypto/keys';

/**
 * A play counts once: the player's 2-byte probe is counted by the limiter and answered with a ticket,
 * and the audio element's own request for the same song, carrying the ticket, is not counted again.
 * A ticket is an HMAC of (library, song, client, minute), valid for the minute it was issued and the next.
 */
const WINDOW_MS = 60_000;
export const PLAY_TICKET_HEADER = 'X-Play-Ticket';

const encoder = new TextEncoder();

/** Its own key, derived from the session secret (which the configuration check guarantees is long enough). */
const hmacKey = (secret: string) => deriveHmacKey(secret, KEY_PURPOSES.playTicket);

const message = (library: string, song: string, client: string, window: number) => encoder.encode(`${library}\n${song}\n${client}\n${window}`);

/** A ticket is a SHA-256 HMAC: 32 bytes, 43 base64url characters. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function issuePlayTicket(secret: string, library: string, song: string, client: string, now = Date.now()): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), message(library, song, client, Math.floor(now / WINDOW_MS)));
  return toBase64Url(new Uint8Array(signature));
}

/** Constant-time check (crypto.subtle.verify) against this minute and the previous one. */
export async function isValidPlayTicket(
  secret: string,
  ticket: string | undefined,
  library: string,
  song: string,
  client: string,
  now = Date.now(),
): Promise<boolean> {
  const signature = ticket !== undefined && TICKET_PATTERN.test(ticket) ? fromBase64Url(ticket) : null;
  if (!signature) return false;
  const key = await hmacKey(secret);
  const window = Math.floor(now / WINDOW_MS);
  for (const w of [window, window - 1]) {
    if (await crypto.subtle.verify('HMAC', key, signature, message(library, song, client, w))) return true;
  }
  return false;
}
