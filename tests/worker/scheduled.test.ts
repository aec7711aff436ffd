import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { DAY_MS } from '../../src/shared/constants';
import { SETTINGS_AUDIT_RETENTION_DAYS } from '../../src/worker/db/settings';
import { readStats } from '../../src/worker/db/stats';
import { keyringOf, openAccessToken } from '../../src/worker/auth/session-tokens';
import { findSessionById } from '../../src/worker/db/sessions';
import { clearKv, DISCORD, discordCallCount, discordHeaders, loginAs, resetFake, setFault, USERS } from './helpers/login';
import { call } from './helpers/request';

async function runCron() {
  const ctx = createExecutionContext();
  // The handler hands its work to ctx.waitUntil; waiting on the context waits for all of it.
  worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
});

describe('cron trigger', () => {
  it("calls Discord for nothing and leaves the stats to the counters the bot's reports keep", async () => {
    const before = await readStats(env.DB);
    await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
    await runCron();
    expect(await discordCallCount()).toBe(0);
    expect(await readStats(env.DB)).toEqual(before);
  });

  it('forgets a sync started more than 30 days ago (its guilds stay), and keeps a younger one', async () => {
    const now = Date.now();
    await env.DB.prepare('DELETE FROM bot_guild_syncs').run();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO bot_guild_syncs (id, started, started_at) VALUES (?, 0, ?)').bind('abandoned', now - 30 * DAY_MS - 1000),
      env.DB.prepare('INSERT INTO bot_guild_syncs (id, started, started_at) VALUES (?, 0, ?)').bind('recent', now - 30 * DAY_MS + 60_000),
    ]);
    const guilds = await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guilds').first('n');
    await runCron();
    const left = (await env.DB.prepare('SELECT id FROM bot_guild_syncs').all<{ id: string }>()).results.map((r) => r.id);
    expect(left).toEqual(['recent']);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guilds').first('n')).toBe(guilds);
  });

  it('forgets a deleted licence once Undo can no longer reach it (10 minutes), and keeps a younger one', async () => {
    const now = Date.now();
    const keep = (id: number, deletedAt: number) =>
      env.DB.prepare(
        'INSERT INTO whitelist_deleted (id, user_id, user_name, server_id, server_name, expires_at, created_at, admin_made, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)',
      ).bind(id, '100000000000000002', 'x', `30000000000000009${id}`, 'x', now + DAY_MS, now - DAY_MS, deletedAt);
    await env.DB.prepare('DELETE FROM whitelist_deleted').run();
    await env.DB.batch([keep(1, now - 10 * 60_000 - 5000), keep(2, now - 10 * 60_000 + 60_000)]);
    await runCron();
    const left = (await env.DB.prepare('SELECT id FROM whitelist_deleted').all<{ id: number }>()).results.map((r) => r.id);
    expect(left).toEqual([2]);
  });

  it('prunes settings history older than the retention period', async () => {
    const now = Date.now();
    const insert = (key: string, createdAt: number) =>
      env.DB.prepare(
        'INSERT INTO settings_audit (guild_id, user_id, user_name, section, key, old_value, new_value, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind('300000000000000001', '1', 'x', 'antimp3', key, null, 'true', createdAt);
    await env.DB.prepare('DELETE FROM settings_audit').run();
    await env.DB.batch([insert('old', now - (SETTINGS_AUDIT_RETENTION_DAYS + 1) * DAY_MS), insert('recent', now - DAY_MS)]);
    await runCron();
    const keys = (await env.DB.prepare('SELECT key FROM settings_audit').all<{ key: string }>()).results.map((r) => r.key);
    expect(keys).toEqual(['recent']);
  });

  it('does its other jobs, and does not fail, while Discord is down', async () => {
    await env.DB.prepare('DELETE FROM settings_audit').run();
    await env.DB.prepare(
      'INSERT INTO settings_audit (guild_id, user_id, user_name, section, key, old_value, new_value, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind('300000000000000001', '1', 'x', 'antimp3', 'old', null, 'true', Date.now() - 100 * DAY_MS)
      .run();
    await setFault({ mode: '500' });
    try {
      await runCron();
    } finally {
      await setFault({ mode: 'none' });
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM settings_audit').first('n')).toBe(0);
  });

  it('removes expired, idle and too old sessions and keeps live ones', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const insert = (id: string, { expiresAt = now + day, createdAt = now - day, lastSeenAt = now } = {}) =>
      env.DB.prepare(
        'INSERT INTO sessions (id, user_id, user_json, access_token, refresh_token, token_expires_at, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind(id, '1', '{"id":"1"}', 'a', 'r', now, createdAt, lastSeenAt, expiresAt);
    await env.DB.batch([
      insert('expired', { expiresAt: now - 1000 }),
      insert('idle', { lastSeenAt: now - 7 * day - 1000 }),
      insert('too-old', { createdAt: now - 30 * day - 1000 }),
      insert('live'),
      insert('nearly-idle', { lastSeenAt: now - 7 * day + 60_000 }),
    ]);
    await runCron();
    const ids = (await env.DB.prepare('SELECT id FROM sessions ORDER BY id').all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toEqual(['live', 'nearly-idle']);
  });

  it("revokes the Discord grant of a user whose last session expired, and keeps a live user's", async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    const tokenOf = async (userId: string) => {
      const row = await findSessionById(env.DB, (await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?').bind(userId).first<string>('id')) ?? '');
      return row ? await openAccessToken(await keyringOf(env), row) : null;
    };
    const ownerToken = await tokenOf(USERS.owner);
    const memberToken = await tokenOf(USERS.member);
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1000, USERS.owner)
      .run();
    await runCron();
    const accepted = async (token: string | null) => (await fetch(`${DISCORD}/api/v10/users/@me`, { headers: discordHeaders(`Bearer ${token ?? ''}`) })).status;
    expect(await accepted(ownerToken)).toBe(401);
    expect(await accepted(memberToken)).toBe(200);
    expect(await (await call('/api/check-auth', { cookie: owner })).json()).toEqual({ authenticated: false });
    expect(await (await call('/api/check-auth', { cookie: member })).json()).toMatchObject({ authenticated: true });
  });
});
