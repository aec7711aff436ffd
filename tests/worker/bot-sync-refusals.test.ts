import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { anyString } from './helpers/expect-helpers';
import { forgetBotPresence, reportDemoPresence } from './helpers/bot-presence-seed';
import { call } from './helpers/request';

// A guild's name is its owner's to choose: one odd name in a sync chunk refuses that entry, not the thousand beside it.
const AUTH = { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' };

interface Entry {
  id: string;
  name?: unknown;
  icon?: unknown;
  memberCount?: unknown;
}
const guild = (index: number, fields: Partial<Entry> = {}): Entry => ({
  id: String(700000000000000000n + BigInt(index)),
  name: `Guild ${index}`,
  memberCount: 10,
  ...fields,
});
const sync = (syncId: string, guilds: unknown[], done = false) =>
  call('/api/bot/guilds/sync', { method: 'POST', headers: AUTH, body: JSON.stringify({ syncId, guilds, done }) });
const rows = async () =>
  (await env.DB.prepare('SELECT id, name, member_count AS memberCount FROM bot_guilds ORDER BY id').all<{ id: string; name: string; memberCount: number }>())
    .results;
const counters = () => env.DB.prepare('SELECT servers, users FROM stats WHERE id = 1').first<{ servers: number; users: number }>();
const refusal = (entry: Entry, field: string) => ({ id: entry.id, error: expect.stringMatching(new RegExp(`^${field}: `)) as string, code: 'INVALID_INPUT' });

beforeEach(async () => {
  await forgetBotPresence(env.DB);
});

afterAll(async () => {
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
});

describe('an entry refused on its own', () => {
  it('a name with a zero-width space refuses that entry: the others are stored, and the answer names it with {id, error, code}', async () => {
    const odd = guild(2, { name: 'Kenji\u200BLounge' });
    const res = await sync('s', [guild(1), odd, guild(3)], true);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ syncId: 's', received: 2, removed: 0, refused: [refusal(odd, 'name')] });
    expect((await rows()).map((row) => row.id)).toEqual([guild(1).id, guild(3).id]);
    expect(await counters()).toEqual({ servers: 2, users: 20 });
  });

  it('says which character and why, as a presence call would', async () => {
    const odd = guild(1, { name: 'Official\u202Egnp.exe' });
    const [answer] = (await (await sync('s', [odd])).json<{ refused: { error: string }[] }>()).refused;
    const single = await call(`/api/bot/guilds/${odd.id}/presence`, {
      method: 'PUT',
      headers: AUTH,
      body: JSON.stringify({ name: odd.name, memberCount: 10 }),
    });
    expect(single.status).toBe(400);
    expect(answer?.error).toBe((await single.json<{ error: string }>()).error);
    expect(answer?.error).toContain('U+202E');
  });

  it.each([
    ['a Hangul filler alone (shows blank)', { name: '\u3164' }, 'name'],
    ['spaces alone', { name: '   ' }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name'],
    ['no name', { name: undefined }, 'name'],
    ['a name that is a number', { name: 42 }, 'name'],
    ['a line separator', { name: 'Two\u2028lines' }, 'name'],
    ['a negative member count', { memberCount: -1 }, 'memberCount'],
    ['a fractional member count', { memberCount: 1.5 }, 'memberCount'],
    ['a member count as text', { memberCount: '10' }, 'memberCount'],
    ['an icon that is no hash', { icon: 'https://evil.example/x.png' }, 'icon'],
    ['an icon hash of 31 digits', { icon: 'a'.repeat(31) }, 'icon'],
    ['an icon hash of 33 digits', { icon: 'a'.repeat(33) }, 'icon'],
    ['an icon hash in capitals', { icon: 'A'.repeat(32) }, 'icon'],
    ['a member count past 2^53', { memberCount: 2 ** 53 }, 'memberCount'],
  ])('%s refuses the entry alone', async (_name, fields, field) => {
    const odd = guild(2, fields);
    expect(await (await sync('s', [guild(1), odd])).json()).toEqual({ syncId: 's', received: 1, removed: 0, refused: [refusal(odd, field)] });
    expect((await rows()).map((row) => row.id)).toEqual([guild(1).id]);
  });

  it.each([
    ['a name of exactly 100 characters', { name: 'x'.repeat(100) }],
    ['a one-character name', { name: 'x' }],
    ['a member count of 0', { memberCount: 0 }],
    ['a name trimmed of its spaces', { name: '  Kenji  ' }],
    ['an emoji joined by a zero-width joiner', { name: 'Family 👨\u200D👩\u200D👧' }],
    ['an animated icon hash', { icon: `a_${'0'.repeat(32)}` }],
    ['no icon (null)', { icon: null }],
  ])('%s is stored', async (_name, fields) => {
    expect(await (await sync('s', [guild(1, fields)])).json()).toEqual({ syncId: 's', received: 1, removed: 0, refused: [] });
  });

  it('lists every refused entry in the chunk’s order, and stores none of them', async () => {
    const entries = [guild(5, { name: '' }), guild(1), guild(3, { memberCount: -5 }), guild(4), guild(2, { icon: 'x' })];
    const answer = await (await sync('s', entries)).json<{ refused: { id: string }[]; received: number }>();
    expect(answer.refused.map((entry) => entry.id)).toEqual([guild(5).id, guild(3).id, guild(2).id]);
    expect(answer.received).toBe(2);
    expect((await rows()).map((row) => row.id)).toEqual([guild(1).id, guild(4).id]);
  });

  it('a chunk of 1,000 entries all refused is taken (200) and stores nothing', async () => {
    const all = Array.from({ length: 1000 }, (_, index) => guild(index, { name: '\u200B' }));
    const answer = await (await sync('s', all, true)).json<{ received: number; refused: unknown[] }>();
    expect(answer.received).toBe(0);
    expect(answer.refused).toHaveLength(1000);
    expect(await rows()).toEqual([]);
  });
});

describe('a guild already stored whose entry is refused', () => {
  it('keeps its row as it was, and the last chunk does not remove it; a refused guild never stored stays out', async () => {
    await sync('first', [guild(1), guild(2, { memberCount: 7 })], true);
    const renamed = guild(2, { name: '\u3164', memberCount: 99 });
    const answer = await (await sync('second', [guild(1), renamed, guild(3, { name: '\u3164' })], true)).json();
    expect(answer).toEqual({ syncId: 'second', received: 1, removed: 0, refused: [refusal(renamed, 'name'), refusal(guild(3), 'name')] });
    expect(await rows()).toEqual([
      { id: guild(1).id, name: 'Guild 1', memberCount: 10 },
      { id: guild(2).id, name: 'Guild 2', memberCount: 7 },
    ]);
    expect(await counters()).toEqual({ servers: 2, users: 17 });
  });

  it('counts as reported by the chunk that refused it, not by the sync as a whole: left out of the others, it is removed', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1), guild(2, { name: '\u3164' })]);
    await sync('third', [guild(1)], true);
    expect((await rows()).map((row) => row.id)).toEqual([guild(1).id]);
  });

  it('a guild the bot left after the sync started is not brought back by a refused entry either', async () => {
    await sync('first', [guild(1), guild(2)], true);
    await sync('second', [guild(1)]);
    expect((await call(`/api/bot/guilds/${guild(2).id}/presence`, { method: 'DELETE', headers: AUTH })).status).toBe(204);
    const answer = await (await sync('second', [guild(2, { name: '\u200B' })], true)).json();
    expect(answer).toMatchObject({ received: 0, removed: 0 });
    expect((await rows()).map((row) => row.id)).toEqual([guild(1).id]);
  });
});

describe("the chunk's frame still refuses the whole chunk", () => {
  it.each([
    ['an id with a leading zero', { ...guild(2), id: '0700000000000000002' }],
    ['an id above 2^64 - 1', { ...guild(2), id: '18446744073709551616' }],
    ['an id of 16 digits', { ...guild(2), id: '7000000000000002' }],
    ['an id as a number', { ...guild(2), id: 7e17 }],
    ['no id', { name: 'No id', memberCount: 1 }],
    ['null', null],
    ['a string', 'Guild 2'],
  ])('%s: 400 INVALID_INPUT, and nothing written', async (_name, entry) => {
    await sync('first', [guild(1)], true);
    const before = await rows();
    const res = await sync('first-next', [guild(3), entry, guild(4)], true);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^guilds\[1\]/) as string, code: 'INVALID_INPUT' });
    expect(await rows()).toEqual(before);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guild_syncs WHERE id = ?').bind('first-next').first('n')).toBe(0);
  });

  it('1,001 entries, refused ones among them, are still too many', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => guild(index, { name: index % 2 === 0 ? '\u200B' : `G${index}` }));
    const res = await sync('s', many);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'guilds: must hold at most 1000 guilds a chunk', code: 'INVALID_INPUT' });
    expect(await rows()).toEqual([]);
  });
});

describe("the chunk's frame at its edges", () => {
  it.each([
    ['a sync id of 64 characters', 'x'.repeat(64)],
    ['a sync id of one character', 'x'],
    ['a sync id of _ and -', '_-'],
  ])('takes %s', async (_name, syncId) => {
    expect((await sync(syncId, [guild(1)])).status).toBe(200);
  });

  it.each([
    ['an empty sync id', ''],
    ['a sync id of 65 characters', 'x'.repeat(65)],
    ['a sync id with a dot', 'a.b'],
  ])('refuses %s whole', async (_name, syncId) => {
    const res = await sync(syncId, [guild(1)]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^syncId: /) as string, code: 'INVALID_INPUT' });
    expect(await rows()).toEqual([]);
  });

  it('takes a body of exactly 1 MiB (1,048,576 bytes), and refuses one byte more with 413 PAYLOAD_TOO_LARGE', async () => {
    const sized = (bytes: number) => {
      const start = `{"syncId":"s","guilds":[${JSON.stringify(guild(1))}],"done":false,"pad":"`;
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`;
    };
    const post = (body: string) => call('/api/bot/guilds/sync', { method: 'POST', headers: AUTH, body });
    expect(sized(1024 * 1024)).toHaveLength(1_048_576);
    expect((await post(sized(1024 * 1024))).status).toBe(200);
    const over = await post(sized(1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: 'A sync chunk is larger than 1024 kB.', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('the sync rules hold for a chunk with refused entries', () => {
  it('a chunk of an older sync is 409 SYNC_SUPERSEDED, a chunk after done 409 SYNC_COMPLETED; neither touches a row', async () => {
    await sync('old', [guild(1)]);
    await sync('new', [guild(2)]);
    const superseded = await sync('old', [guild(2, { name: '\u3164' }), guild(3)], true);
    expect(superseded.status).toBe(409);
    expect(await superseded.json()).toEqual({ error: anyString(), code: 'SYNC_SUPERSEDED' });
    await sync('new', [], true);
    const completed = await sync('new', [guild(2, { name: '\u3164' }), guild(3)]);
    expect(completed.status).toBe(409);
    expect(await completed.json()).toEqual({ error: anyString(), code: 'SYNC_COMPLETED' });
    expect(await rows()).toEqual([{ id: guild(2).id, name: 'Guild 2', memberCount: 10 }]);
    // The refused entry of the superseded chunk did not mark guild 2 as the old sync's.
    expect(await env.DB.prepare('SELECT sync_id AS syncId FROM bot_guilds').first('syncId')).toBe('new');
  });
});

describe('the OpenAPI document', () => {
  it('describes the refused entries of the answer, and which refusals stop the whole chunk', async () => {
    const doc = await (
      await call('/api/bot/openapi.json', { headers: AUTH })
    ).json<{
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    }>();
    const result = doc.components.schemas.BotSyncResult;
    expect(result?.required).toContain('refused');
    expect(result?.properties.refused).toMatchObject({
      type: 'array',
      items: { properties: { id: { type: 'string' }, error: { type: 'string' }, code: { const: 'INVALID_INPUT' } }, required: ['id', 'error', 'code'] },
    });
    const entries = (doc.components.schemas.BotSync?.properties.guilds as { items: { anyOf: { required: string[]; description?: string }[] } }).items.anyOf;
    expect(entries.map((entry) => entry.required)).toEqual([['name', 'memberCount', 'id'], ['id']]);
    expect(entries[1]?.description).toContain('refused');
    expect(doc.paths['/guilds/sync']?.post?.responses['400']?.description).toContain('`refused`');
  });
});
