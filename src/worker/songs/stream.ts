import type { Library } from '../../shared/song-paths';
import { clientKey, spendPlay } from './client-limits';
import { bytesToSend, objectResponse, planSizedObjectRead } from './object-response';
import { PLAY_TICKET_HEADER } from '../../shared/song-calls';
import { issuePlayTicket, spendPlayTicket } from './play-ticket';

export interface StreamAsk {
  library: Library;
  bucket: R2Bucket;
  song: string;
  ticket: string | undefined;
}

/**
 * A song for the player. What the answer sends is paid from the play's ticket when it holds enough;
 * otherwise the request counts as a play (429 past the limit), whatever its range, and opens a new ticket.
 * No shape of request is recognised as free: only a ticket's balance is.
 */
export async function streamSong(env: Env, request: Request, ask: StreamAsk): Promise<Response> {
  const read = await planSizedObjectRead(request, ask.bucket, ask.song);
  const bytes = bytesToSend(read);
  const play = { library: ask.library, song: ask.song, client: clientKey(request) };
  if (await spendPlayTicket(env, ask.ticket, play, bytes)) return objectResponse(read, 'inline');
  await spendPlay(env, request);
  const ticket = await issuePlayTicket(env, play, read.head.size, bytes);
  const response = await objectResponse(read, 'inline');
  response.headers.set(PLAY_TICKET_HEADER, ticket);
  return response;
}
