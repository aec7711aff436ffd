/**
 * One Durable Object per guild: the WebSockets of the guild's open settings pages, and the changes passed on
 * to them. The sockets hibernate (the Hibernation API): a page that only waits costs no duration, its keep-alive
 * is answered by the runtime without waking the object, and nothing is stored, so a guild nobody watches
 * holds no state here.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  LIVE_CLOSE_REAUTHORISE,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_MAX_SOCKETS_PER_SESSION,
  LIVE_PING,
  LIVE_PONG,
  type LiveEvent,
  type LiveHello,
} from '../../shared/live';

/** What the Worker checked before handing the socket over; it rides on the socket across hibernation. */
export interface LiveGrant {
  userId: string;
  /** The session that opened it: its end closes the socket (closeSessions). */
  sessionId: string;
  /** Epoch ms after which the socket gets no more changes and must reconnect (be authorised again). */
  expiresAt: number;
  /** The page's tab id (live/tab-token.ts), its first message. */
  tab: string;
}

/** The internal request header carrying the grant from the Worker (the page never reaches the object directly). */
export const LIVE_GRANT_HEADER = 'X-Live-Grant';

// `wrangler types` names the class only in a comment (typing it would need the Worker's module in every project
// that reads worker-configuration.d.ts); the binding is this class (wrangler.toml).
export const guildLive = (env: Env, guildId: string) => (env.GUILD_LIVE as unknown as DurableObjectNamespace<GuildLive>).getByName(guildId);

function readGrant(text: string | null): LiveGrant | null {
  if (text === null) return null;
  const value = JSON.parse(text) as Partial<LiveGrant>;
  const { userId, sessionId, expiresAt, tab } = value;
  return typeof userId === 'string' && typeof sessionId === 'string' && typeof expiresAt === 'number' && typeof tab === 'string'
    ? { userId, sessionId, expiresAt, tab }
    : null;
}

/** The Hibernation API's tag of a session's sockets, so its end finds them without waking every socket's attachment. */
const sessionTag = (sessionId: string) => `session:${sessionId}`;

// Codes a peer may not send in a close frame: echoing them would throw.
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

const isOpen = (socket: WebSocket) => socket.readyState === WebSocket.OPEN;

export class GuildLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /**
   * Accepts a socket the Worker has authorised (routes/live.ts → services/live.ts), unless its session already
   * holds LIVE_MAX_SOCKETS_PER_SESSION open here (429). Counted and accepted in one synchronous turn, so two
   * handshakes cannot both take the last place.
   */
  override fetch(request: Request): Response {
    const grant = readGrant(request.headers.get(LIVE_GRANT_HEADER));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || grant === null) return new Response(null, { status: 400 });
    const tag = sessionTag(grant.sessionId);
    if (this.ctx.getWebSockets(tag).filter(isOpen).length >= LIVE_MAX_SOCKETS_PER_SESSION) return new Response(null, { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [tag]);
    server.serializeAttachment(grant);
    server.send(JSON.stringify({ type: 'hello', tab: grant.tab } satisfies LiveHello));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends the event to every socket still within its grant; a socket past it is closed instead, so a page
   * whose access ended hears nothing more. Answers how many sockets it reached. With no socket it does
   * nothing at all (no storage, no timer). That the bot left tells nothing of the settings, and a page past
   * its grant could not learn it by reconnecting (the handshake is refused then): every open page hears it.
   */
  broadcast(event: LiveEvent): number {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
    const message = JSON.stringify(event);
    const now = Date.now();
    let reached = 0;
    for (const socket of sockets) {
      const grant = socket.deserializeAttachment() as LiveGrant | null;
      if (event.type !== 'bot-left' && (grant === null || grant.expiresAt <= now)) {
        socket.close(LIVE_CLOSE_REAUTHORISE, 'Authorise again');
        continue;
      }
      if (!isOpen(socket)) continue;
      socket.send(message);
      reached += 1;
    }
    return reached;
  }

  /** Closes the sockets of these ended sessions (the page stops and shows it is signed out); answers how many. */
  closeSessions(sessionIds: readonly string[]): number {
    let closed = 0;
    for (const sessionId of sessionIds) {
      for (const socket of this.ctx.getWebSockets(sessionTag(sessionId)).filter(isOpen)) {
        socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
        closed += 1;
      }
    }
    return closed;
  }

  /**
   * Closes every socket with LIVE_CLOSE_REAUTHORISE, so each page reconnects through the access check: after a
   * grant of the guild was removed or lowered, when which members hold the role is not known here.
   */
  reauthoriseAll(): number {
    const sockets = this.ctx.getWebSockets().filter(isOpen);
    for (const socket of sockets) socket.close(LIVE_CLOSE_REAUTHORISE, 'Authorise again');
    return sockets.length;
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
