/**
 * A small typed client of the bot API, for the bot's developers: read a guild, or follow every change.
 *
 *   const client = createBotClient({ baseUrl: 'https://dashboard.example', token: process.env.BOT_API_TOKEN });
 *   for await (const change of client.follow({ after: savedCursor })) apply(change);
 *
 * Answers are checked against the same schemas the Worker answers with (src/shared/bot-api.ts).
 */
import { BOT_CHANGES_MAX_LIMIT, botChangesResponseSchema, botGuildResponseSchema, type BotChange, type BotChangesResponse } from '../src/shared/bot-api';

export interface BotClientOptions {
  /** The dashboard's origin, e.g. https://dashboard.example */
  baseUrl: string;
  token: string;
  fetch?: (request: Request) => Promise<Response>;
}

export class BotApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BotApiError';
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
  const get = async (path: string): Promise<unknown> => {
    const response = await send(new Request(new URL(`/api/bot${path}`, baseUrl), { headers: { Authorization: `Bearer ${token}` } }));
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const { error = `HTTP ${response.status}`, code = 'HTTP_ERROR' } = (body ?? {}) as { error?: string; code?: string };
      throw new BotApiError(response.status, code, error);
    }
    return body;
  };

  const changes = async (after?: number, limit: number = BOT_CHANGES_MAX_LIMIT): Promise<BotChangesResponse> => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (after !== undefined) query.set('after', String(after));
    return botChangesResponseSchema.parse(await get(`/changes?${query.toString()}`));
  };

  return {
    guild: async (id: string) => botGuildResponseSchema.parse(await get(`/guilds/${encodeURIComponent(id)}`)),
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
