import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BotGuildResponse } from '../../src/shared/bot-api';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import type { SettingsImportResponse } from '../../src/shared/settings/transfer';
import { clearKv, DISCORD, GUILDS, loginDemoUsers } from './helpers/login';
import { importIntoKenjiLounge } from './helpers/import-request';
import { countedInOneWindow } from './helpers/rate-limit-window';
import { call, postJson } from './helpers/request';

/**
 * Issue 36 §3: the channel of a reaction role's or a ticket's message (`messageChannelID`, also the channel part of a
 * pasted message link) is a text or announcement channel of this server, checked like every other reference.
 */

// Demo data (dev/fake-discord/data.ts): Kenji Lounge is guild 1, Glaive Studio guild 2.
const KENJI = {
  general: '500000000000001004', // text
  announcements: '500000000000001003', // announcement (type 5)
  loungeCategory: '500000000000001002', // category
  listeningRoom: '500000000000001007', // voice
};
const GLAIVE_FEEDBACK = '500000000000002003';
const NOWHERE = '500000000000001999';
const MESSAGE = '600000000000000001';
const link = (channelId: string) => `https://discord.com/channels/${GUILDS.kenjiLounge}/${channelId}/${MESSAGE}`;

const REFUSED = [
  ['a voice channel', KENJI.listeningRoom, "value: the message's channel 'Listening Room' is not a text or announcement channel."],
  ['a category', KENJI.loungeCategory, "value: the message's channel 'Lounge' is not a text or announcement channel."],
  ["another server's channel", GLAIVE_FEEDBACK, `value: the message's channel ${GLAIVE_FEEDBACK} does not exist in this server.`],
  ['a channel that does not exist', NOWHERE, `value: the message's channel ${NOWHERE} does not exist in this server.`],
] as const;
const SECTIONS = ['reactionrole', 'ticket'] as const;

let owner = '';

const save = (section: string, key: string, value: unknown) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: owner });
const botWrite = (section: string, key: string, value: unknown, actorId = '100000000000000077') =>
  call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ section, key, value, actor: { id: actorId, name: 'Kai' } }),
  });
const stored = async () =>
  (await env.DB.prepare('SELECT section, key, value FROM guild_settings WHERE guild_id = ? ORDER BY section, key').bind(GUILDS.kenjiLounge).all()).results;
const auditCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first<{ n: number }>())?.n;

/**
 * The bot's calls for Kenji Lounge's roles, channels, emoji and own member since the last reset: one view of the guild is
 * four. A call the fake's rate limit answered 429 (looks in quick succession share the channels bucket) is not counted:
 * its retry is.
 */
async function guildViewCalls(): Promise<number> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { path: string; auth: string; status: number }[] }>();
  return calls.filter((c) => c.auth === 'bot' && c.status !== 429 && c.path.startsWith(`/api/v10/guilds/${GUILDS.kenjiLounge}/`)).length;
}
const resetCalls = () => fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });

beforeAll(async () => {
  ({ owner } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM bot_changes')]);
});

describe("the channel of a reaction role's or a ticket's message", () => {
  it.each(SECTIONS)('%s: a pasted link to a message in a text or an announcement channel keeps its channel', async (section) => {
    for (const channel of [KENJI.general, KENJI.announcements]) {
      const res = await save(section, 'messageID', link(channel));
      expect(res.status).toBe(200);
      expect((await res.json<ServerSettingsResponse>())[section]).toMatchObject({ messageID: MESSAGE, messageChannelID: channel });
    }
    // Written on its own (the bot's own write may do so), the same rule.
    expect((await save(section, 'messageChannelID', KENJI.general)).status).toBe(200);
  });

  describe.each(SECTIONS)('%s', (section) => {
    it.each(REFUSED)('refuses %s as the channel of a pasted link, and changes nothing', async (_what, channel, error) => {
      expect((await save(section, 'messageID', link(KENJI.general))).status).toBe(200);
      const before = await stored();
      const audits = await auditCount();
      const res = await save(section, 'messageID', link(channel));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error, code: 'INVALID_REFERENCE' });
      expect(await stored()).toEqual(before);
      expect(await auditCount()).toBe(audits);
    });

    it.each(REFUSED)('refuses %s written as messageChannelID itself, and changes nothing', async (_what, channel, error) => {
      const res = await save(section, 'messageChannelID', channel);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error, code: 'INVALID_REFERENCE' });
      expect(await stored()).toEqual([]);
      expect(await auditCount()).toBe(0);
    });
  });

  it('the bot API refuses them the same way; a text channel is served to the bot', async () => {
    for (const [, channel, error] of REFUSED) {
      for (const [key, value] of [
        ['messageID', link(channel)],
        ['messageChannelID', channel],
      ] as const) {
        const res = await botWrite('ticket', key, value);
        expect(res.status, `${key} ${channel}`).toBe(400);
        expect(await res.json()).toEqual({ error, code: 'INVALID_REFERENCE' });
      }
    }
    expect(await stored()).toEqual([]);
    expect((await botWrite('ticket', 'messageID', link(KENJI.announcements))).status).toBe(200);
    const guild = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } });
    expect((await guild.json<BotGuildResponse>()).settings.ticket).toMatchObject({ messageID: MESSAGE, messageChannelID: KENJI.announcements });
  });

  it("an import skips another server's, a voice and a missing channel with the reason, and takes a text channel", async () => {
    const importing = (messageChannelID: string, dryRun: boolean) =>
      importIntoKenjiLounge(owner, { reactionrole: { messageID: MESSAGE, messageChannelID } }, dryRun);
    for (const [, channel, error] of REFUSED) {
      const res = await importing(channel, false);
      expect(res.status).toBe(200);
      const body = await res.json<SettingsImportResponse>();
      const reason = error.replace(/^value: t/, 'T');
      expect(body.skipped).toEqual([{ section: 'reactionrole', key: 'messageChannelID', reason }]);
      expect(body.changes.map((change) => change.key)).not.toContain('messageChannelID');
    }
    expect((await stored()).filter((row) => row.key === 'messageChannelID')).toEqual([]);
    const fine = await (await importing(KENJI.general, false)).json<SettingsImportResponse>();
    expect(fine.skipped).toEqual([]);
    expect(await stored()).toContainEqual({ section: 'reactionrole', key: 'messageChannelID', value: JSON.stringify(KENJI.general) });
  });
});

describe('a message channel goes through the gate of every reference', () => {
  it('a channel the view lacks is looked for at most 3 times a minute per user, and never twice; a known one costs nothing', async () => {
    // The cached view, as after any page visit.
    expect((await save('ticket', 'messageID', link(KENJI.general))).status).toBe(200);
    const unknown = (n: number) => String(500000000000009000n + BigInt(n));
    await countedInOneWindow(60, async (attempt) => {
      // A member of the bot's own, new to the limiter: each attempt its own.
      const actor = String(100000000000090000n + BigInt(attempt));
      await resetCalls();
      const refused = async (key: string, value: string) => {
        const res = await botWrite('ticket', key, value, actor);
        expect(res.status).toBe(400);
        expect((await res.json<{ code: string }>()).code).toBe('INVALID_REFERENCE');
      };
      const id = (n: number) => unknown(attempt * 100 + n);
      await refused('messageID', link(id(0)));
      expect(await guildViewCalls()).toBe(4);
      // The same id again, as a link or on its own: known missing.
      await refused('messageID', link(id(0)));
      await refused('messageChannelID', id(0));
      expect(await guildViewCalls()).toBe(4);
      await refused('messageChannelID', id(1));
      await refused('messageID', link(id(2)));
      expect(await guildViewCalls()).toBe(12);
      // The fourth and later: refused from the cached view, at no cost to the bot's rate limit.
      for (let n = 3; n < 9; n += 1) await refused(n % 2 === 0 ? 'messageChannelID' : 'messageID', n % 2 === 0 ? id(n) : link(id(n)));
      expect(await guildViewCalls()).toBe(12);
      // A text channel in the view saves as before, with no look.
      expect((await botWrite('ticket', 'messageID', link(KENJI.announcements), actor)).status).toBe(200);
      expect(await guildViewCalls()).toBe(12);
      // The dashboard's save of a link shares the memory of missing ids: no look either.
      expect((await save('ticket', 'messageID', link(id(0)))).status).toBe(400);
      expect(await guildViewCalls()).toBe(12);
    });
  });
});
