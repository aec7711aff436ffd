/**
 * Conformance, not trust: every Discord call the Worker makes (read from src/worker/discord) has a case; the
 * cases are checked against Discord's OpenAPI document in discord-openapi.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseKey, CONFORMANCE_CASES } from './helpers/cases.ts';
import { WORKER_DISCORD_DIR, workerDiscordCalls } from './helpers/worker-calls.ts';

const ROOT = process.cwd();
const workerCalls = workerDiscordCalls(ROOT);

describe("the Worker's Discord calls, read from its source", () => {
  it('are found (the reader still understands the source)', () => {
    const keys = new Set(workerCalls.map(caseKey));
    for (const expected of ['GET /users/@me', 'GET /users/@me/guilds', 'GET /guilds/{guild_id}/roles', 'POST /oauth2/token', 'POST /oauth2/token/revoke'])
      expect(keys).toContain(expected);
  });

  it('each have a conformance case, with the same query names', () => {
    const cases = new Map(CONFORMANCE_CASES.map((entry) => [caseKey(entry), entry]));
    for (const call of workerCalls) {
      const entry = cases.get(caseKey(call));
      expect(entry, `${call.source}: ${caseKey(call)} has no case in tests/conformance/helpers/cases.ts`).toBeDefined();
      for (const name of call.query) expect(entry?.query, `${call.source}: query "${name}" of ${caseKey(call)}`).toContain(name);
    }
  });

  it('all go through the REST client or the OAuth2 token module, where the reader looks', () => {
    const fetchers = readdirSync(join(ROOT, WORKER_DISCORD_DIR)).filter((name) => /\bfetch\(/.test(readFileSync(join(ROOT, WORKER_DISCORD_DIR, name), 'utf8')));
    expect(fetchers.sort()).toEqual(['oauth-token.ts', 'rest.ts']);
  });
});
