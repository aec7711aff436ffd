import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { anyString } from './helpers/expect-helpers';
import { forgetBotPresence, reportDemoPresence } from './helpers/bot-presence-seed';
import { call } from './helpers/request';
import { discordSaysBotIsAbsent } from '../../src/worker/services/bot-presence';

// The bot's full syncs against its presence calls: a late or replayed chunk must not bring back a guild the bot left,
// nor undo a newer sync.
const AUTH = { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' };

const guild = (index: number) => ({ id: String(600000000000000000n + BigInt(index)), name: `Guild ${index}`, memberCount: 10 });
const sync = (syncId: string, guilds: ReturnType<typeof guild>[], done = false) =>
  call('/api/bot/guilds/sync', { method: 'POST', headers: AUTH, body: JSON.stringify({ syncId, guilds, done }) });
const leave = (index: number) => call(`/api/bot/guilds/${guild(index).id}/presence`, { method: 'DELETE', headers: AUTH });
const join = (index: number) =>
  call(`/api/bot/guilds/${guild(index).id}/presence`, { method: 'PUT', headers: AUTH, body: JSON.stringify({ name: `Guild ${index}`, memberCount: 10 }) });

const storedIds = async () => (await env.DB.prepare('SELECT id FROM bot_guilds ORDER BY id').all<{ id: string }>()).results.map((row) => row.id);
const ids = (...indexes: number[]) => indexes.map((index) => guild(index).id);

/** Everything a refused chunk must leave as it was. */
async function snapshot() {
  const [rows, syncs, absences, stats, clock] = await env.DB.batch([
    env.DB.prepare('SELECT * FROM bot_guilds ORDER BY id'),
    env.DB.prepare('SELECT * FROM bot_guild_syncs ORDER BY id'),
    env.DB.prepare('SELECT * FROM bot_guild_absences ORDER BY id'),
    env.DB.prepare('SELECT servers, users, synced_at FROM stats WHERE id = 1'),
    env.DB.prepare('SELECT tick FROM bot_presence_clock'),
  ]);
  return [rows, syncs, absences, stats, clock].map((result) => result?.results);
}

/** What each refusal tells the bot's developer. */
const REFUSALS = {
  SYNC_SUPERSEDED: 'A newer sync has started since this one: its chunks are refused. Nothing was written.',
  SYNC_COMPLETED: 'This sync is already complete: start the next one with a new syncId.',
};

async function expectRefused(res: Response, code: keyof typeof REFUSALS) {
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ error: REFUSALS[code], code });
}

beforeEach(async () => {
  await forgetBotPresence(env.DB);
});

afterAll(async () => {
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
});

describe('only the newest started sync takes chunks', () => {
  it('a chunk of an older sync, once a newer one has started, is 409 SYNC_SUPERSEDED and changes nothing', async () => {
    expect((await sync('old', [guild(1)])).status).toBe(200);
    expect((await sync('new', [guild(2)])).status).toBe(200);
    const before = await snapshot();
    await expectRefused(await sync('old', [guild(3)]), 'SYNC_SUPERSEDED');
    await expectRefused(await sync('old', [], true), 'SYNC_SUPERSEDED');
    expect(await snapshot()).toEqual(before);
    // The newer one goes on as before.
    expect(await (await sync('new', [guild(4)], true)).json()).toEqual({ syncId: 'new', received: 1, removed: 1, refused: [] });
    expect(await storedIds()).toEqual(ids(2, 4));
  });

  it('a late chunk of an unfinished sync does not survive a newer completed one', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('crashed', [guild(1)]);
    await sync('after-restart', [guild(1)], true);
    expect(await storedIds()).toEqual(ids(1));
    const before = await snapshot();
    // Guild 2 left while the bot was down; the crashed sync's next chunk still listed it.
    await expectRefused(await sync('crashed', [guild(2)]), 'SYNC_SUPERSEDED');
    await expectRefused(await sync('crashed', [guild(2)], true), 'SYNC_SUPERSEDED');
    expect(await snapshot()).toEqual(before);
  });

  it('a completed sync is 409 SYNC_COMPLETED, even when a newer one has started since', async () => {
    await sync('first', [guild(1)], true);
    await sync('second', [guild(2)]);
    await expectRefused(await sync('first', [guild(3)]), 'SYNC_COMPLETED');
    expect(await storedIds()).toEqual(ids(1, 2));
  });

  it('a new sync may start while an older one is unfinished, and then is the one that counts', async () => {
    await sync('first', [guild(1)]);
    const res = await sync('second', [guild(2)], true);
    expect(await res.json()).toEqual({ syncId: 'second', received: 1, removed: 1, refused: [] });
    expect(await storedIds()).toEqual(ids(2));
  });

  it('the OpenAPI document lists the 409 with both codes', async () => {
    const document = await (
      await call('/api/bot/openapi.json', { headers: AUTH })
    ).json<{
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    }>();
    const refusal = document.paths['/guilds/sync']?.post?.responses['409']?.description;
    expect(refusal).toContain('SYNC_COMPLETED');
    expect(refusal).toContain('SYNC_SUPERSEDED');
  });
});

describe('a stored guild re-reported while a sync runs, and left out of it', () => {
  it('a presence PUT during the sync keeps it: the done chunk removes only what nothing confirmed since the sync started', async () => {
    await sync('first', [guild(1), guild(2), guild(3)], true);
    await sync('second', [guild(1)]);
    // Guild 2 was stored by the first sync; its update comes in while the second runs, whose list missed it.
    expect((await join(2)).status).toBe(204);
    expect(await (await sync('second', [], true)).json()).toEqual({ syncId: 'second', received: 0, removed: 1, refused: [] });
    expect(await storedIds()).toEqual(ids(1, 2));
  });

  it('re-reported just before the sync started, it is not confirmed by it: the done chunk removes it', async () => {
    await sync('first', [guild(1), guild(2)], true);
    expect((await join(2)).status).toBe(204);
    await sync('second', [guild(1)]);
    await sync('second', [], true);
    expect(await storedIds()).toEqual(ids(1));
  });

  it("re-reported by the sync's own earlier chunk, it stays", async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(2)]);
    await sync('second', [guild(1)], true);
    expect(await storedIds()).toEqual(ids(1, 2));
  });

  it('its name and member count are the re-report’s, not the older sync’s', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1)]);
    await call(`/api/bot/guilds/${guild(2).id}/presence`, {
      method: 'PUT',
      headers: AUTH,
      body: JSON.stringify({ name: 'Guild 2 renamed', memberCount: 42 }),
    });
    await sync('second', [], true);
    const row = await env.DB.prepare('SELECT name, member_count AS memberCount FROM bot_guilds WHERE id = ?').bind(guild(2).id).first();
    expect(row).toEqual({ name: 'Guild 2 renamed', memberCount: 42 });
    expect(await env.DB.prepare('SELECT servers, users FROM stats WHERE id = 1').first()).toEqual({ servers: 2, users: 52 });
  });
});

describe('a guild the bot left is not brought back by a sync that started before it left', () => {
  it('left (DELETE) after the sync started: its later chunks skip it, and the done chunk does not count it', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1)]);
    expect((await leave(2)).status).toBe(204);
    const chunk = await sync('second', [guild(2), guild(3)]);
    expect(await chunk.json()).toEqual({ syncId: 'second', received: 1, removed: 0, refused: [] });
    expect(await storedIds()).toEqual(ids(1, 3));
    await sync('second', [], true);
    expect(await storedIds()).toEqual(ids(1, 3));
    const counters = await env.DB.prepare('SELECT servers, users FROM stats WHERE id = 1').first();
    expect(counters).toEqual({ servers: 2, users: 20 });
  });

  it('left before the sync started: the sync that reports it again is newer news, and brings it back', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await leave(2);
    await sync('second', [guild(1), guild(2)], true);
    expect(await storedIds()).toEqual(ids(1, 2));
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guild_absences').first('n')).toBe(0);
  });

  it('a leave the dashboard had no row for (404 UNKNOWN_GUILD) is kept all the same', async () => {
    await sync('first', [guild(1)]);
    const res = await leave(2);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: anyString(), code: 'UNKNOWN_GUILD' });
    await sync('first', [guild(2)], true);
    expect(await storedIds()).toEqual(ids(1));
  });

  it("Discord's word that the bot is not there counts as a leave at that moment", async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1)]);
    await discordSaysBotIsAbsent(env, guild(2).id);
    await sync('second', [guild(2)], true);
    expect(await storedIds()).toEqual(ids(1));
  });

  it('a presence PUT after the leave brings it back, and a chunk of that sync then keeps it', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1)]);
    await leave(2);
    expect((await join(2)).status).toBe(204);
    await sync('second', [guild(2)], true);
    expect(await storedIds()).toEqual(ids(1, 2));
  });

  it('a completed sync forgets the leaves from before it started, and keeps those from after', async () => {
    await sync('first', [guild(1), guild(2), guild(3)], true);
    await leave(2);
    await sync('second', [guild(1), guild(3)]);
    await leave(3);
    await sync('second', [], true);
    const kept = await env.DB.prepare('SELECT id FROM bot_guild_absences ORDER BY id').all<{ id: string }>();
    expect(kept.results.map((row) => row.id)).toEqual(ids(3));
    expect(await storedIds()).toEqual(ids(1));
  });
});
