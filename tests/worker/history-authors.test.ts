import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsAuditResponse } from '../../src/shared/settings/index';
import { clearKv, GUILDS, loginDemoUsers } from './helpers/login';
import { call } from './helpers/request';

// History authors who change their name after a change: each change keeps the name its author had when it was made
// (settings_audit.user_name), the filter lists each author once, by id, under the latest name, and a conflict names
// the last change's author as they were called then.
const KAI = '100000000000000077';
const OTHER = '100000000000000078';

let owner = '';

const botWrite = (value: boolean, actor: { id: string; name: string }, expected?: boolean) =>
  call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ section: 'antimp3', key: 'enabled', value, actor, ...(expected === undefined ? {} : { expected }) }),
  });
const audit = async (query = '') => {
  const res = await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}${query}`, { cookie: owner });
  expect(res.status).toBe(200);
  return res.json<SettingsAuditResponse>();
};

beforeAll(async () => {
  ({ owner } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

describe('a history author renamed after their change', () => {
  it('each change shows the name its author had then; the filter lists the author once, by the newest name', async () => {
    expect((await botWrite(true, { id: KAI, name: 'Kai' })).status).toBe(200);
    expect((await botWrite(false, { id: OTHER, name: 'Zed' })).status).toBe(200);
    expect((await botWrite(true, { id: KAI, name: 'Kai Renamed' })).status).toBe(200);
    const { entries, users } = await audit();
    // Newest first.
    expect(entries.map((entry) => [entry.userId, entry.userName])).toEqual([
      [KAI, 'Kai Renamed'],
      [OTHER, 'Zed'],
      [KAI, 'Kai'],
    ]);
    expect(users).toEqual([
      { userId: KAI, userName: 'Kai Renamed' },
      { userId: OTHER, userName: 'Zed' },
    ]);
    // Filtered by the author's id, both names' changes.
    expect((await audit(`&userID=${KAI}`)).entries.map((entry) => entry.userName)).toEqual(['Kai Renamed', 'Kai']);
  });

  it('renamed back to an earlier name, the filter shows the newest one, not the first or the greatest', async () => {
    await botWrite(true, { id: KAI, name: 'Zulu' });
    await botWrite(false, { id: KAI, name: 'Alpha' });
    await botWrite(true, { id: KAI, name: 'Mike' });
    expect((await audit()).users).toEqual([{ userId: KAI, userName: 'Mike' }]);
  });

  it('two authors with one name are two authors in the filter', async () => {
    await botWrite(true, { id: KAI, name: 'Sam' });
    await botWrite(false, { id: OTHER, name: 'Sam' });
    const { users } = await audit();
    expect(users.map((user) => user.userId).sort()).toEqual([KAI, OTHER]);
    expect(users.map((user) => user.userName)).toEqual(['Sam', 'Sam']);
  });

  it('a conflict names the last change by the name its author had when making it, not the name they took since', async () => {
    await botWrite(true, { id: KAI, name: 'Kai' });
    // Kai's later change, under a new name, of another setting.
    const other = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ section: 'serverDisabledCommands', key: 'commandNames', value: ['ban'], actor: { id: KAI, name: 'Kai Renamed' } }),
    });
    expect(other.status).toBe(200);
    const res = await botWrite(false, { id: OTHER, name: 'Zed' }, false);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT', changedBy: 'Kai' });
    expect((await audit()).users).toEqual([{ userId: KAI, userName: 'Kai Renamed' }]);
  });
});
