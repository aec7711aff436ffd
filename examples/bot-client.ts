/**
 * A small typed client of the bot API, for the bot's developers: read a guild, follow every change, and tell
 * the dashboard where the bot is, and change a setting for a member who asked with a command (from the gateway: Guild Create/Update → presence, Guild Delete → left, and
 * after Ready or a reconnect a full sync).
 *
 *   const client = createBotClient({ baseUrl: 'https://dashboard.example', token: process.env.BOT_API_TOKEN });
 *   for await (const change of client.follow({ after: savedCursor })) apply(change);
 *   client.on('guildCreate', (g) => client.presence(g.id, { name: g.name, icon: g.icon, memberCount: g.memberCount }));
 *   await client.sync(allGuilds()); // an iterable or async iterable of { id, name, icon, memberCount }
 *   // a member's /config command, once the bot has checked their permission in Discord:
 *   await client.setting(guildId, { section: 'logs', key: 'channelID', value: channelId, actor: { id: member.id, name: member.displayName } });
 *
 * Answers are checked against the same schemas the Worker answers with (src/shared/bot-api.ts).
 */
import {
  BOT_CHANGES_MAX_LIMIT,
  BOT_SYNC_CHUNK_MAX,
  botChangesResponseSchema,
  botGuildResponseSchema,
  botSyncResponseSchema,
  type BotChange,
  type BotChangesResponse,
  type BotPresence,
  type BotSettingWrite,
  type BotSyncGuild,
  type BotSyncRefusal,
} from '../src/shared/bot-api';

export interface BotClientOptions {
  /** The dashboard's origin, e.g. https://dashboard.example */
  baseUrl: string;
  token: string;
  fetch?: (request: Request) => Promise<Response>;
}

// Fields assigned in the body, not as parameter properties, so Node runs this file with its type stripping alone.
export class BotApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'BotApiError';
    this.status = status;
    this.code = code;
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function createBotClient({ baseUrl, token, fetch: send = (request) => fetch(request) }: BotClientOptions) {
  const ask = async (method: string, path: string, payload?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const response = await send(new Request(new URL(`/api/bot${path}`, baseUrl), { method, headers, body }));
    if (response.status === 204) return null;
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const { error = `HTTP ${response.status}`, code = 'HTTP_ERROR' } = (answer ?? {}) as { error?: string; code?: string };
      throw new BotApiError(response.status, code, error);
    }
    return answer;
  };
  const get = (path: string) => ask('GET', path);

  /**
   * A full resync: every guild the bot is in, in chunks; guilds the dashboard knew and the sync did not report are
   * removed at the end. `refused` lists the guilds whose entry was refused on its own (a name with a hidden character).
   */
  const sync = async (guilds: Iterable<BotSyncGuild> | AsyncIterable<BotSyncGuild>, syncId: string = crypto.randomUUID()) => {
    let chunk: BotSyncGuild[] = [];
    let received = 0;
    const refused: BotSyncRefusal[] = [];
    const flush = async (done: boolean) => {
      const answer = botSyncResponseSchema.parse(await ask('POST', '/guilds/sync', { syncId, guilds: chunk, done }));
      received += answer.received;
      refused.push(...answer.refused);
      chunk = [];
      return answer;
    };
    for await (const guild of guilds) {
      chunk.push(guild);
      if (chunk.length === BOT_SYNC_CHUNK_MAX) await flush(false);
    }
    const { removed } = await flush(true);
    return { syncId, received, removed, refused };
  };

  const changes = async (after?: number, limit: number = BOT_CHANGES_MAX_LIMIT): Promise<BotChangesResponse> => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (after !== undefined) query.set('after', String(after));
    return botChangesResponseSchema.parse(await get(`/changes?${query.toString()}`));
  };

  return {
    guild: async (id: string) => botGuildResponseSchema.parse(await get(`/guilds/${encodeURIComponent(id)}`)),
    /** The bot joined a guild, or its name, icon or member count changed. */
    presence: async (id: string, presence: BotPresence): Promise<void> => {
      await ask('PUT', `/guilds/${encodeURIComponent(id)}/presence`, presence);
    },
    /** A setting changed for a member who asked with a command; the guild's settings after it. Refusals are BotApiErrors (400, 404, 409). */
    setting: async (id: string, write: BotSettingWrite) => botGuildResponseSchema.parse(await ask('PUT', `/guilds/${encodeURIComponent(id)}/settings`, write)),
    /** The bot left a guild (or was removed from it). */
    left: async (id: string): Promise<void> => {
      await ask('DELETE', `/guilds/${encodeURIComponent(id)}/presence`);
    },
    sync,
    changes,
    /** Every change from `after` on, then new ones as they come (polling every `intervalMs`), until `signal` aborts. */
    async *follow({ after, intervalMs = 3000, signal }: { after?: number; intervalMs?: number; signal?: AbortSignal } = {}): AsyncGenerator<BotChange> {
      let cursor = after;
      while (!signal?.aborted) {
        const page = await changes(cursor);
        yield* page.changes;
        cursor = page.next;
        if (page.changes.length < BOT_CHANGES_MAX_LIMIT) await wait(intervalMs, signal);
      }
    },
  };
}
