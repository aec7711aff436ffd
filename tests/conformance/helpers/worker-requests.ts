/**
 * The Worker's own Discord requests, recorded: each function of src/worker/discord that calls Discord, run as the
 * Worker runs it (its REST client, its KV cache over memory, its OAuth2 token module) against the fake Discord,
 * with `fetch` recording every request before the fake answers it. What is recorded is what Discord would get.
 */
import { vi } from 'vitest';
import { getBotPresence, getCurrentUser, getGuildSnapshot, getMemberRoles, getUser, getUserGuilds } from '../../../src/worker/discord/api.ts';
import { getGuildMember, searchGuildMembers } from '../../../src/worker/discord/members.ts';
import type { DiscordEnv } from '../../../src/worker/discord/api.ts';
import { exchangeCode, refreshTokens, revokeToken } from '../../../src/worker/discord/oauth-token.ts';
import type { OAuthEnv } from '../../../src/worker/discord/oauth-token.ts';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../../dev/fake-discord/app.ts';
import { s256Challenge } from '../../../dev/fake-discord/tokens.ts';
import type { RecordedRequest } from './openapi-requests.ts';

export const DISCORD_BASE_URL = 'https://discord.com';

/** A request and the Worker function that made it. */
export interface WorkerRequest extends RecordedRequest {
  by: string;
}

/** KV in memory: the cache the Worker's reads go through (a miss the first time, so each one calls Discord). */
function memoryKv(): KVNamespace {
  const entries = new Map<string, string>();
  const read = (key: string) => {
    const text = entries.get(key);
    return text === undefined ? null : (JSON.parse(text) as unknown);
  };
  const kv = {
    get: (key: string | string[]) => Promise.resolve(Array.isArray(key) ? new Map(key.map((name) => [name, read(name)])) : read(key)),
    put: (key: string, value: string) => {
      entries.set(key, value);
      return Promise.resolve();
    },
    delete: (key: string) => {
      entries.delete(key);
      return Promise.resolve();
    },
  };
  return kv as unknown as KVNamespace;
}

type WorkerEnv = DiscordEnv & OAuthEnv;

function workerEnv(): WorkerEnv {
  return {
    DISCORD_BASE_URL,
    DISCORD_BOT_TOKEN: DEMO_BOT_TOKEN,
    DISCORD_CLIENT_ID: DEMO_CLIENT_ID,
    DISCORD_CLIENT_SECRET: DEMO_CLIENT_SECRET,
    APP_ORIGIN: 'http://localhost:8787',
    CACHE: memoryKv(),
  };
}

/** Where the Worker's login returns (auth/oauth.ts `redirectUri`, for the APP_ORIGIN above). */
const REDIRECT_URI = 'http://localhost:8787/api/successful-auth';

/** A login as the Worker starts it (PKCE with S256, its scopes), approved at the fake as Demo Owner. */
async function authorizationCode(fake: FakeDiscord, scopes: string[], verifier: string): Promise<string> {
  const form = new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: scopes.join(' '),
    state: 'conformance-state',
    code_challenge: await s256Challenge(verifier),
    code_challenge_method: 'S256',
    user_id: DEMO_USER_IDS.owner,
  });
  const approved = await fake.app.request('/oauth2/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const code = new URL(approved.headers.get('Location') ?? 'http://invalid/').searchParams.get('code');
  if (code === null) throw new Error(`the fake did not approve the login (${approved.status})`);
  return code;
}

/**
 * Runs every Discord call of the Worker once or more (a guild with the bot and one without, a member and a stranger),
 * and returns the requests they sent, in order. Add a line here with each new call in src/worker/discord.
 */
export async function recordWorkerRequests(loginScopes: string[]): Promise<WorkerRequest[]> {
  const fake = createFakeDiscord({ botGuilds: 3 });
  await fake.app.request('/__demo/rate-limits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
  const recorded: WorkerRequest[] = [];
  let by = '';
  const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body === null ? null : await request.clone().text();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    recorded.push({ by, method: request.method, url: request.url, headers, body });
    return fake.app.fetch(request);
  };
  const env = workerEnv();
  const verifier = 'conformance-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
  const code = await authorizationCode(fake, loginScopes, verifier);
  vi.stubGlobal('fetch', recordingFetch);
  try {
    by = 'exchangeCode';
    const tokens = await exchangeCode(env, REDIRECT_URI, code, verifier);
    const calls: [string, () => Promise<unknown>][] = [
      ['getCurrentUser', () => getCurrentUser(env, tokens.accessToken)],
      ['getUser', () => getUser(env, DEMO_USER_IDS.owner)],
      ['getUserGuilds', () => getUserGuilds(env, tokens.accessToken, DEMO_USER_IDS.owner)],
      ['getBotPresence', () => getBotPresence(env, DEMO_GUILD_IDS.kenjiLounge)],
      ['getBotPresence', () => getBotPresence(env, DEMO_GUILD_IDS.ownerSandbox)],
      ['getGuildSnapshot', () => getGuildSnapshot(env, DEMO_GUILD_IDS.glaiveStudio)],
      ['getMemberRoles', () => getMemberRoles(env, tokens.accessToken, DEMO_GUILD_IDS.lofiCafe, DEMO_USER_IDS.owner)],
      ['getMemberRoles', () => getMemberRoles(env, tokens.accessToken, DEMO_GUILD_IDS.adminHq, DEMO_USER_IDS.owner)],
      ['searchGuildMembers', () => searchGuildMembers(env, DEMO_GUILD_IDS.kenjiLounge, 'Demo Ö ü')],
      ['getGuildMember', () => getGuildMember(env, DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.member)],
      ['getGuildMember', () => getGuildMember(env, DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.admin)],
    ];
    for (const [name, run] of calls) {
      by = name;
      await run();
    }
    by = 'refreshTokens';
    const refreshed = await refreshTokens(env, tokens.refreshToken);
    by = 'revokeToken';
    await revokeToken(env, refreshed.refreshToken);
  } finally {
    vi.unstubAllGlobals();
  }
  return recorded;
}
