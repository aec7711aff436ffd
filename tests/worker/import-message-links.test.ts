import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsImportResponse } from '../../src/shared/settings/transfer';
import { clearKv, DISCORD, GUILDS, loginDemoUsers } from './helpers/login';
import { importIntoKenjiLounge } from './helpers/import-request';
import { postJson } from './helpers/request';

/**
 * A message link imported for a reaction role's or a ticket's message names the message's channel: like a pasted
 * link saved on the page, the channel is stored beside the id (`messageChannelID`) and checked like every reference.
 */

// Demo data (dev/fake-discord/data.ts): Kenji Lounge is guild 1, Glaive Studio guild 2.
const GENERAL = '500000000000001004'; // text
const ANNOUNCEMENTS = '500000000000001003'; // announcement
const LISTENING_ROOM = '500000000000001007'; // voice
const GLAIVE_FEEDBACK = '500000000000002003';
const NOWHERE = '500000000000001999';
const MESSAGE = '600000000000000001';
const OTHER_MESSAGE = '600000000000000002';
const link = (channelId: string, messageId = MESSAGE, guildId: string = GUILDS.kenjiLounge) =>
  `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

let owner = '';
let member = '';
const DJ = '400000000000001002';

const importing = async (settings: Record<string, unknown>, dryRun = false) => {
  const res = await importIntoKenjiLounge(owner, settings, dryRun);
  expect(res.status).toBe(200);
  return res.json<SettingsImportResponse>();
};
const save = (section: string, key: string, value: unknown) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: owner });
const storedOf = async (section: string) => {
  const { results } = await env.DB.prepare('SELECT key, value FROM guild_settings WHERE guild_id = ? AND section = ? ORDER BY key')
    .bind(GUILDS.kenjiLounge, section)
    .all<{ key: string; value: string }>();
  return Object.fromEntries(results.map((row) => [row.key, JSON.parse(row.value) as unknown]));
};
const botCalls = async () =>
  (await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { auth: string }[] }>()).calls.filter((c) => c.auth === 'bot').length;
const resetCalls = () => fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });

beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM bot_changes')]);
});

describe.each(['reactionrole', 'ticket'] as const)("%s: an imported message link's channel", (section) => {
  it('is carried into messageChannelID: the dry run shows both and writes nothing, the apply writes both', async () => {
    const preview = await importing({ [section]: { messageID: link(ANNOUNCEMENTS) } }, true);
    expect(preview.skipped).toEqual([]);
    expect(preview.changes).toEqual([
      { section, key: 'messageID', from: null, to: MESSAGE },
      { section, key: 'messageChannelID', from: null, to: ANNOUNCEMENTS },
    ]);
    expect(await storedOf(section)).toEqual({});
    const applied = await importing({ [section]: { messageID: link(ANNOUNCEMENTS) } });
    expect(applied.changes).toEqual(preview.changes);
    expect(await storedOf(section)).toEqual({ messageID: MESSAGE, messageChannelID: ANNOUNCEMENTS });
    // The history has both, as after a save of the link.
    const audited = await env.DB.prepare('SELECT key FROM settings_audit WHERE section = ? ORDER BY key').bind(section).all<{ key: string }>();
    expect(audited.results.map((row) => row.key)).toEqual(['messageChannelID', 'messageID']);
  });

  it.each([
    ['a voice channel', LISTENING_ROOM, "The message's channel 'Listening Room' is not a text or announcement channel."],
    ["another server's channel", GLAIVE_FEEDBACK, `The message's channel ${GLAIVE_FEEDBACK} does not exist in this server.`],
    ['a channel that does not exist', NOWHERE, `The message's channel ${NOWHERE} does not exist in this server.`],
  ])('in %s refuses the link whole, with the reason a save would give', async (_what, channel, reason) => {
    const body = await importing({ [section]: { messageID: link(channel), emojiName: '⭐' } });
    expect(body.skipped).toEqual([{ section, key: 'messageID', reason }]);
    expect(body.changes).toEqual([{ section, key: 'emojiName', from: null, to: '⭐' }]);
    expect(await storedOf(section)).toEqual({ emojiName: '⭐' });
    // The same link saved on the page: the same sentence.
    const saved = await save(section, 'messageID', link(channel));
    expect(await saved.json()).toEqual({ error: `value: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`, code: 'INVALID_REFERENCE' });
  });

  it("a link to another server's message is refused, and nothing of it written", async () => {
    const body = await importing({ [section]: { messageID: link(GLAIVE_FEEDBACK, MESSAGE, GUILDS.glaiveStudio) } });
    expect(body.skipped).toEqual([
      { section, key: 'messageID', reason: 'value: That link is to a message in another server: paste the link of a message in this server.' },
    ]);
    expect(await storedOf(section)).toEqual({});
  });

  it('wins over a messageChannelID the document names too: a different one is skipped with the reason, the same one is one change', async () => {
    const differs = await importing({ [section]: { messageChannelID: GENERAL, messageID: link(ANNOUNCEMENTS) } }, true);
    expect(differs.skipped).toEqual([
      { section, key: 'messageChannelID', reason: "The message link of Message ID names the message's channel: that one is taken instead." },
    ]);
    expect(differs.changes.map((change) => [change.key, change.to])).toEqual([
      ['messageID', MESSAGE],
      ['messageChannelID', ANNOUNCEMENTS],
    ]);
    const same = await importing({ [section]: { messageID: link(GENERAL), messageChannelID: GENERAL } });
    expect(same.skipped).toEqual([]);
    expect(same.changes).toHaveLength(2);
    expect(await storedOf(section)).toEqual({ messageID: MESSAGE, messageChannelID: GENERAL });
  });

  it('of the message already stored, moves only the channel', async () => {
    expect((await save(section, 'messageID', link(GENERAL))).status).toBe(200);
    const body = await importing({ [section]: { messageID: link(ANNOUNCEMENTS) } });
    expect(body.changes).toEqual([{ section, key: 'messageChannelID', from: GENERAL, to: ANNOUNCEMENTS }]);
    expect(await storedOf(section)).toEqual({ messageID: MESSAGE, messageChannelID: ANNOUNCEMENTS });
    // The same link again changes nothing.
    expect((await importing({ [section]: { messageID: link(ANNOUNCEMENTS) } })).changes).toEqual([]);
  });
});

describe('a bare message id in an import', () => {
  it('with the channel the document names (as an export has them): both as given, and an export imported again changes nothing', async () => {
    const body = await importing({ ticket: { messageID: MESSAGE, messageChannelID: GENERAL } });
    expect(body.changes.map((change) => change.key).sort()).toEqual(['messageChannelID', 'messageID']);
    expect(await storedOf('ticket')).toEqual({ messageID: MESSAGE, messageChannelID: GENERAL });
    expect((await importing({ ticket: { messageID: MESSAGE, messageChannelID: GENERAL } })).changes).toEqual([]);
  });

  it('of another message, without a channel: the old message’s channel is cleared, as a save of the id clears it', async () => {
    expect((await save('ticket', 'messageID', link(GENERAL))).status).toBe(200);
    const body = await importing({ ticket: { messageID: OTHER_MESSAGE } });
    expect(body.changes).toEqual([
      { section: 'ticket', key: 'messageID', from: MESSAGE, to: OTHER_MESSAGE },
      { section: 'ticket', key: 'messageChannelID', from: GENERAL, to: null },
    ]);
    expect(await storedOf('ticket')).toEqual({ messageID: OTHER_MESSAGE, messageChannelID: null });
  });

  it('of the message already stored, without a channel: the channel stays', async () => {
    expect((await save('ticket', 'messageID', link(GENERAL))).status).toBe(200);
    expect((await importing({ ticket: { messageID: MESSAGE } })).changes).toEqual([]);
    expect(await storedOf('ticket')).toEqual({ messageID: MESSAGE, messageChannelID: GENERAL });
  });
});

describe("a link's channel goes through the gate of every reference", () => {
  it('a channel the view lacks is looked for once, then remembered: the next dry run asks Discord nothing', async () => {
    // Demo Member, granted write through DJ: a user whose looks this file's other imports (the owner's) have not spent.
    const granted = await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ, level: 'write' }, { cookie: owner });
    expect(granted.status).toBe(200);
    try {
      // The cached view, as after any page visit.
      expect((await save('ticket', 'messageID', link(GENERAL))).status).toBe(200);
      await resetCalls();
      const unknown = '500000000000009123';
      const dryRun = async () => {
        const res = await importIntoKenjiLounge(member, { ticket: { messageID: link(unknown, OTHER_MESSAGE) } }, true);
        expect(res.status).toBe(200);
        return res.json<SettingsImportResponse>();
      };
      expect((await dryRun()).skipped).toEqual([
        { section: 'ticket', key: 'messageID', reason: `The message's channel ${unknown} does not exist in this server.` },
      ]);
      expect(await botCalls()).toBe(4);
      await dryRun();
      expect(await botCalls()).toBe(4);
    } finally {
      await env.DB.prepare('DELETE FROM server_access').run();
    }
  });
});
