import type { Library } from '../../shared/songs/paths';
import { clientKey, spendPlay } from './client-limits';
import { bytesToSend, objectResponse, planSizedObjectRead, planSizedObjectReadIfAny, songNotFound, type SizedObjectRead } from './object-response';
import { PLAY_TICKET_HEADER } from '../../shared/songs/calls';
import { chargePlayTicket, issuePlayTicket, playTicketId, type PlayOf } from './play-ticket';

export interface StreamAsk {
  library: Library;
  bucket: R2Bucket;
  song: string;
  ticket: string | undefined;
}

/** A counted request: answered with a new ticket that pays for the play's next requests. */
async function openPlay(env: Env, play: PlayOf, read: SizedObjectRead): Promise<Response> {
  const ticket = await issuePlayTicket(env, play, read.head.size, bytesToSend(read));
  const response = await objectResponse(read, 'inline');
  response.headers.set(PLAY_TICKET_HEADER, ticket);
  return response;
}

/**
 * A song for the player. Every request is paid for: by the play's ticket when it holds enough (bytes and
 * requests), otherwise as a play (429 past the limit), whatever its range, and it then opens a new ticket.
 * No shape of request is recognised as free, not even one for a song that does not exist: without a ticket
 * the play is counted before the library is asked, so a 404 costs what a song costs.
 */
export async function streamSong(env: Env, request: Request, ask: StreamAsk): Promise<Response> {
  const play = { library: ask.library, song: ask.song, client: clientKey(request) };
  const ticketId = await playTicketId(env.SESSION_SECRET, ask.ticket, play);
  if (ticketId === null) {
    await spendPlay(env, request);
    return openPlay(env, play, await planSizedObjectRead(request, ask.bucket, ask.song));
  }
  // A valid ticket names a song that existed; if it has gone since, the miss is still one of the ticket's requests.
  const read = await planSizedObjectReadIfAny(request, ask.bucket, ask.song);
  const paid = await chargePlayTicket(env.DB, ticketId, read ? bytesToSend(read) : 0);
  if (!paid) await spendPlay(env, request);
  if (!read) throw songNotFound(ask.song);
  return paid ? objectResponse(read, 'inline') : openPlay(env, play, read);
}
