/**
 * One Durable Object per guild: the WebSockets of the guild's open settings pages, and the changes passed on
 * to them. The sockets hibernate (the Hibernation API): a page that only waits costs no duration, its keep-alive
 * is answered by the runtime without waking the object, and nothing is stored, so a guild nobody watches
 * holds no state here.
 */
import { DurableObject } from 'cloudflare:workers';
import { LIVE_CLOSE_REAUTHORISE, LIVE_PING, LIVE_PONG, type LiveEvent } from '../../shared/live';

/** What the Worker checked before handing the socket over; it rides on the socket across hibernation. */
export interface LiveGrant {
  userId: string;
  /** Epoch ms after which the socket gets no more changes and must reconnect (be authorised again). */
  expiresAt: number;
}

/** The internal request header carrying the grant from the Worker (the page never reaches the object directly). */
export const LIVE_GRANT_HEADER = 'X-Live-Grant';

function readGrant(text: string | null): LiveGrant | null {
  if (text === null) return null;
  const value = JSON.parse(text) as Partial<LiveGrant>;
  return typeof value.userId === 'string' && typeof value.expiresAt === 'number' ? { userId: value.userId, expiresAt: value.expiresAt } : null;
}

// Codes a peer may not send in a close frame: echoing them would throw.
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

export class GuildLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** Accepts a socket the Worker has authorised (routes/live.ts → services/live.ts). */
  override fetch(request: Request): Response {
    const grant = readGrant(request.headers.get(LIVE_GRANT_HEADER));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || grant === null) return new Response(null, { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(grant);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends the event to every socket still within its grant; a socket past it is closed instead, so a page
   * whose access ended hears nothing more. Answers how many sockets it reached. With no socket it does
   * nothing at all (no storage, no timer).
   */
  broadcast(event: LiveEvent): number {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
    const message = JSON.stringify(event);
    const now = Date.now();
    let reached = 0;
    for (const socket of sockets) {
      const grant = socket.deserializeAttachment() as LiveGrant | null;
      if (grant === null || grant.expiresAt <= now) {
        socket.close(LIVE_CLOSE_REAUTHORISE, 'Authorise again');
        continue;
      }
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(message);
      reached += 1;
    }
    return reached;
  }

  /** Pages send nothing but the keep-alive, which the auto-response answers; anything else is refused. */
  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void {
    if (message !== LIVE_PING) socket.close(1003, 'Pages only listen');
  }

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    // Hibernated sockets must answer the peer's close frame themselves, or the page waits in CLOSING.
    socket.close(RESERVED_CLOSE_CODES.has(code) ? 1000 : code, reason);
  }
}
