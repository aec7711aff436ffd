import { env } from 'cloudflare:workers';
import { call } from './request';

export const DISCORD = 'https://discord.com';

/** Headers for calling the fake Discord's API directly: like Discord's edge, it refuses calls without a User-Agent. */
export function discordHeaders(authorization: string): Record<string, string> {
  return { Authorization: authorization, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' };
}
import { DEMO_USER_IDS } from '../../../dev/fake-discord/data.ts';

export { DEMO_GUILD_IDS as GUILDS, DEMO_USER_IDS as USERS } from '../../../dev/fake-discord/data.ts';

/** `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function resetFake(): Promise<void> {
  await fetch(`${DISCORD}/__demo/reset`, { method: 'POST' });
}

export async function setFault(fault: Record<string, unknown>): Promise<void> {
  await fetch(`${DISCORD}/__demo/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
}

/** Changes the fake Discord's rate limits until the next reset (`{enabled: false}` turns them off). */
export async function setDiscordRateLimits(limits: Record<string, unknown>): Promise<void> {
  await fetch(`${DISCORD}/__demo/rate-limits`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(limits) });
}

export async function discordCallCount(): Promise<number> {
  return (await (await fetch(`${DISCORD}/__demo/calls`)).json<{ count: number }>()).count;
}

/** Starts a login and lets the fake Discord approve it as `userId`: returns the callback path and the state cookie. */
export async function authorizeAs(userId: string, startPath = '/api/auth'): Promise<{ callback: string; stateCookie: string }> {
  const start = await call(startPath);
  const authorize = new URL(start.headers.get('Location') ?? '');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', userId);
  const approved = await fetch(`${DISCORD}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const callback = new URL(approved.headers.get('Location') ?? '');
  return { callback: `${callback.pathname}${callback.search}`, stateCookie: cookiesOf(start) };
}

/** The whole login round trip; returns the session cookie. */
export async function loginAs(userId: string): Promise<string> {
  const { callback, stateCookie } = await authorizeAs(userId);
  const res = await call(callback, { cookie: stateCookie });
  if (res.status !== 302) throw new Error(`login failed with ${res.status}: ${await res.text()}`);
  return cookiesOf(res);
}

/** Storage persists across the tests of a file: start each test from empty KV. */
export async function clearKv(kv: KVNamespace): Promise<void> {
  const { keys } = await kv.list();
  await Promise.all(keys.map((k) => kv.delete(k.name)));
}

/** A fresh fake Discord, empty KV, and a session cookie for each demo user. */
export async function loginDemoUsers(): Promise<{ admin: string; owner: string; member: string }> {
  await resetFake();
  await clearKv(env.CACHE);
  const [admin, owner, member] = await Promise.all([loginAs(DEMO_USER_IDS.admin), loginAs(DEMO_USER_IDS.owner), loginAs(DEMO_USER_IDS.member)]);
  return { admin, owner, member };
}

export interface TokenCall {
  grantType: string;
  status: number;
}

/** The OAuth2 token endpoint calls the fake Discord has answered since the last reset. */
export async function tokenCalls(): Promise<TokenCall[]> {
  return (await (await fetch(`${DISCORD}/__demo/token-calls`)).json<{ calls: TokenCall[] }>()).calls;
}

export const refreshCount = async () => (await tokenCalls()).filter((call) => call.grantType === 'refresh_token').length;

export async function setTokenFault(fault: Record<string, unknown>): Promise<void> {
  await fetch(`${DISCORD}/__demo/token-faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
}

/** Discord stops accepting the user's access tokens (their refresh tokens still work). */
export async function expireAccessTokensAtDiscord(userId: string): Promise<void> {
  await fetch(`${DISCORD}/__demo/expire-token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId }) });
}
