import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceDeparturesAfterSync, reauthoriseGuild } from '../../src/worker/services/live';
import { GUILDS } from './helpers/login';

// What services/live.ts does when an announcement has nothing to say, or its storage or the guild's object fails: the
// sync or the grant it follows is stored either way, so the failure is logged and never thrown.

const silencedWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);
let warnings: ReturnType<typeof silencedWarnings>;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM live_sockets').run();
  warnings = silencedWarnings();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** env.DB, recording the SQL of each statement prepared, with `fail` deciding which ones throw when run. */
function recordedDb(fail: (sql: string) => boolean = () => false) {
  const prepared: string[] = [];
  const db = {
    prepare: (sql: string) => {
      prepared.push(sql);
      if (fail(sql)) throw new Error('D1_ERROR: storage unavailable');
      return env.DB.prepare(sql);
    },
    batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
  } as unknown as D1Database;
  return { db, prepared };
}

describe('after a sync that removed guilds', () => {
  it('with no page open anywhere: one read of the watched guilds, and nothing more', async () => {
    const { db, prepared } = recordedDb();
    await announceDeparturesAfterSync({ ...env, DB: db });
    expect(prepared).toEqual([expect.stringContaining('FROM live_sockets')]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it('storage failing: the sync is not failed, and the failure is logged', async () => {
    const failure = new Error('D1_ERROR: storage unavailable');
    const { db } = recordedDb((sql) => sql.includes('FROM live_sockets'));
    await expect(announceDeparturesAfterSync({ ...env, DB: db })).resolves.toBeUndefined();
    expect(warnings).toHaveBeenCalledWith('announcing the guilds a sync removed failed', failure);
  });
});

describe('after a grant was removed or lowered', () => {
  it("the guild's object failing to close its sockets: the change is not failed, and the failure is logged with the guild", async () => {
    const failure = new Error('object overloaded');
    const channel = { getByName: () => ({ reauthoriseAll: () => Promise.reject(failure) }) } as unknown as Env['GUILD_LIVE'];
    const deferred: Promise<unknown>[] = [];
    reauthoriseGuild({ ...env, GUILD_LIVE: channel }, (work) => deferred.push(work), GUILDS.kenjiLounge);
    expect(deferred).toHaveLength(1);
    await expect(deferred[0]).resolves.toBeUndefined();
    expect(warnings).toHaveBeenCalledWith(`closing the live sockets of guild ${GUILDS.kenjiLounge} failed`, failure);
  });
});
