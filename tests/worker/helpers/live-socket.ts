import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { LiveEvent, LiveMessage } from '../../../src/shared/live';
import type { GuildLive } from '../../../src/worker/live/guild-live';
import { call, ORIGIN } from './request';

/** A settings page's live socket, as the test holds it. */
export interface LivePage {
  socket: WebSocket;
  /** The tab id the server gave the page (the socket's first message). */
  tab: Promise<string>;
  /** The next event after the hello. */
  next: () => Promise<LiveEvent>;
  /** Every event heard so far (after the hello), in order. */
  heard: LiveEvent[];
  /** Settles with the close code when the server closes the socket. */
  closed: Promise<number>;
  /** Whether it has been closed yet. */
  isClosed: () => boolean;
}

/** The handshake a page makes (same origin, with the session cookie). */
export const liveHandshake = (guildId: string, cookie: string) =>
  call(`/api/servers/${guildId}/live`, { cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } });

const opened: WebSocket[] = [];

/** Opens a page's socket; it must be accepted (101). */
export async function openLive(guildId: string, cookie: string): Promise<LivePage> {
  const res = await liveHandshake(guildId, cookie);
  expect(res.status).toBe(101);
  const socket = res.webSocket;
  if (!socket) throw new Error('no socket in the answer');
  socket.accept();
  opened.push(socket);
  let hello: (tab: string) => void = () => undefined;
  const tab = new Promise<string>((resolve) => (hello = resolve));
  const heard: LiveEvent[] = [];
  const waiting: ((event: LiveEvent) => void)[] = [];
  let read = 0;
  socket.addEventListener('message', (message) => {
    const parsed = JSON.parse(String(message.data)) as LiveMessage;
    if (parsed.type === 'hello') {
      hello(parsed.tab);
      return;
    }
    heard.push(parsed);
    waiting.shift()?.(parsed);
  });
  let closedYet = false;
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => {
      closedYet = true;
      resolve(event.code);
    }),
  );
  const next = () => {
    const ready = heard[read];
    if (ready) {
      read += 1;
      return Promise.resolve(ready);
    }
    return new Promise<LiveEvent>((resolve) =>
      waiting.push((event) => {
        read += 1;
        resolve(event);
      }),
    );
  };
  return { socket, tab, next, heard, closed, isClosed: () => closedYet };
}

/** Closes every socket the tests of a file opened (for afterEach). */
export function closeOpenedSockets(): void {
  for (const socket of opened.splice(0)) if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'test over');
}

export const liveStub = (guildId: string) => (env.GUILD_LIVE as unknown as DurableObjectNamespace<GuildLive>).getByName(guildId);

/** The live_sockets rows, as `session guild` pairs in order. */
export async function liveSocketRows(): Promise<{ sessionId: string; guildId: string }[]> {
  const { results } = await env.DB.prepare('SELECT session_id AS sessionId, guild_id AS guildId FROM live_sockets ORDER BY session_id, guild_id').all<{
    sessionId: string;
    guildId: string;
  }>();
  return results;
}
