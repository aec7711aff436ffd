import { beforeEach, describe, expect, it } from 'vitest';
import type {
  APIEmoji,
  APIGuild,
  APIGuildMember,
  APIRole,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10';
import { createFakeDiscord } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { createDemoData, DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/data.ts';
import type { DemoChannel, DemoGuild } from '../../dev/fake-discord/demo-types.ts';
import { stringMatching } from './helpers/expect-helpers';

const REDIRECT_URI = 'http://localhost:5173/api/successful-auth';
// RFC 7636 appendix B: a verifier and its S256 challenge, computed independently of the fake.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const MANAGE_GUILD = 0x20n;
const ADMINISTRATOR = 0x8n;
const BASIC = `Basic ${btoa(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`)}`;

async function json<T>(response: Response): Promise<T> {
  return await response.json();
}

let fake: FakeDiscord;

beforeEach(() => {
  fake = createFakeDiscord();
});

const USER_AGENT = 'DiscordBot (http://localhost, 1.0)';

/** A call as the Worker makes it: with a User-Agent unless the test says otherwise. */
function request(path: string, init: RequestInit = {}, userAgent: string | null = USER_AGENT): Promise<Response> {
  const headers = new Headers(init.headers);
  if (userAgent !== null && !headers.has('User-Agent')) headers.set('User-Agent', userAgent);
  return Promise.resolve(fake.app.request(path, { ...init, headers }));
}

function authorizeParams(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'identify guilds guilds.members.read',
    state: 'state-123',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  });
}

/** Clicks "Continue as …" for the user: returns the redirect the browser would follow. */
async function consent(userId: string, overrides: Record<string, string> = {}): Promise<URL> {
  const form = authorizeParams(overrides);
  form.set('user_id', userId);
  const response = await request('/oauth2/authorize', { method: 'POST', body: form });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('Location') ?? '');
}

async function codeFor(userId: string): Promise<string> {
  return (await consent(userId)).searchParams.get('code') ?? '';
}

function tokenRequest(fields: Record<string, string>, authorization: string | null = BASIC): Promise<Response> {
  const headers = new Headers();
  if (authorization !== null) headers.set('Authorization', authorization);
  return request('/api/oauth2/token', { method: 'POST', headers, body: new URLSearchParams(fields) });
}

function exchange(code: string, verifier = VERIFIER): Promise<Response> {
  return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
}

async function loginAs(userId: string): Promise<RESTPostOAuth2AccessTokenResult> {
  const response = await exchange(await codeFor(userId));
  expect(response.status).toBe(200);
  return json<RESTPostOAuth2AccessTokenResult>(response);
}

function asUser(accessToken: string): RequestInit {
  return { headers: { Authorization: `Bearer ${accessToken}` } };
}

const asBot: RequestInit = { headers: { Authorization: `Bot ${DEMO_BOT_TOKEN}` } };

async function issueToken(userId: string): Promise<{ access_token: string; refresh_token: string }> {
  const response = await request('/__demo/issue-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  expect(response.status).toBe(200);
  return json<{ access_token: string; refresh_token: string }>(response);
}

async function setFault(config: Record<string, unknown>): Promise<Response> {
  return request('/__demo/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(config),
  });
}

async function setRateLimits(config: Record<string, unknown>): Promise<Response> {
  const response = await request('/__demo/rate-limits', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(config),
  });
  expect(response.status).toBe(200);
  return response;
}

async function userGuilds(accessToken: string, query = ''): Promise<RESTAPIPartialCurrentUserGuild[]> {
  const response = await request(`/api/v10/users/@me/guilds${query}`, asUser(accessToken));
  expect(response.status).toBe(200);
  return json<RESTAPIPartialCurrentUserGuild[]>(response);
}

async function botGuildIds(query = ''): Promise<string[]> {
  const response = await request(`/api/v10/users/@me/guilds${query}`, asBot);
  expect(response.status).toBe(200);
  return (await json<RESTAPIPartialCurrentUserGuild[]>(response)).map((guild) => guild.id);
}

describe('demo data', () => {
  it('is a fresh copy on every call', () => {
    const first = createDemoData();
    first.guilds[0]?.roles.push({ ...(first.guilds[0].roles[0] as APIRole), id: '499999999999999999' });
    first.users.pop();
    const second = createDemoData();
    expect(second.users).toHaveLength(4);
    expect(second.guilds[0]?.roles.some((role) => role.id === '499999999999999999')).toBe(false);
  });

  it('uses snowflake ids and gives every bot guild a role hierarchy around the managed bot role', () => {
    const data = createDemoData();
    for (const guild of data.guilds) {
      expect(guild.id).toMatch(/^\d{17,19}$/);
      for (const role of guild.roles) expect(role.id).toMatch(/^\d{17,19}$/);
      for (const channel of guild.channels) expect(channel.id).toMatch(/^\d{17,19}$/);
      if (!guild.bot_present) continue;
      const botRoles = guild.roles.filter((role) => role.managed);
      expect(botRoles.map((role) => role.name)).toEqual(['ServerManager']);
      const botPosition = botRoles[0]?.position ?? -1;
      expect(guild.roles.some((role) => !role.managed && role.position > botPosition)).toBe(true);
      expect(guild.roles.some((role) => role.id !== guild.id && role.position < botPosition)).toBe(true);
      const botMember = guild.members.find((member) => member.user_id === data.application.id);
      expect(botMember?.roles).toEqual([botRoles[0]?.id]);
    }
  });
});

describe('authorize page', () => {
  it('offers one button per demo user', async () => {
    const response = await request(`/oauth2/authorize?${authorizeParams().toString()}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<title>Discord (demo)</title>');
    for (const name of ['Demo Admin', 'Demo Owner', 'Demo Member']) expect(page).toContain(`<button type="submit">Continue as ${name}</button>`);
    expect(page).not.toContain('Continue as ServerManager');
  });

  it('refuses an unknown client id', async () => {
    const response = await request(`/oauth2/authorize?${authorizeParams({ client_id: '999999999999999999' }).toString()}`);
    expect(response.status).toBe(400);
  });

  it('redirects back with a code and the state', async () => {
    const target = await consent(DEMO_USER_IDS.owner);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('state')).toBe('state-123');
    expect(target.searchParams.get('code')).toMatch(/^\w{20,}$/);
  });

  it('redirects back with access_denied when the person cancels', async () => {
    const form = authorizeParams();
    form.set('action', 'deny');
    const response = await request('/oauth2/authorize', { method: 'POST', body: form });
    const target = new URL(response.headers.get('Location') ?? '');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('state-123');
    expect(target.searchParams.has('code')).toBe(false);
  });

  it('shows the bot invite page with the preselected guild', async () => {
    const query = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      scope: 'bot applications.commands',
      permissions: '8',
      guild_id: DEMO_GUILD_IDS.ownerSandbox,
    });
    const response = await request(`/oauth2/authorize?${query.toString()}`, {
      headers: { Referer: 'http://localhost:5173/servers' },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Add ServerManager to a server');
    expect(page).toContain('Owner Sandbox');
    expect(page).toContain(DEMO_GUILD_IDS.ownerSandbox);
    expect(page).toContain('href="http://localhost:5173/"');
  });
});

describe('token endpoint', () => {
  it('exchanges a code with PKCE for tokens of Demo Owner', async () => {
    const tokens = await loginAs(DEMO_USER_IDS.owner);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify guilds guilds.members.read' });
    expect(tokens.access_token).not.toBe(tokens.refresh_token);
    const me = await request('/api/v10/users/@me', asUser(tokens.access_token));
    expect(me.status).toBe(200);
    expect(await json<APIUser>(me)).toMatchObject({ id: DEMO_USER_IDS.owner, username: 'demo_owner', global_name: 'Demo Owner' });
  });

  it('accepts client credentials in the form body', async () => {
    const code = await codeFor(DEMO_USER_IDS.member);
    const response = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: VERIFIER,
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
      },
      null,
    );
    expect(response.status).toBe(200);
  });

  it('rejects a code used twice', async () => {
    const code = await codeFor(DEMO_USER_IDS.owner);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await json<{ error: string }>(again)).toMatchObject({ error: 'invalid_grant' });
  });

  it('rejects a wrong or missing code verifier', async () => {
    const code = await codeFor(DEMO_USER_IDS.owner);
    const wrong = await exchange(code, 'not-the-verifier-not-the-verifier-not-the-verifier');
    expect(wrong.status).toBe(400);
    expect(await json<{ error: string }>(wrong)).toMatchObject({ error: 'invalid_grant' });
    const missing = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(missing.status).toBe(400);
  });

  it('refuses a code_verifier when the authorization had no challenge, like Discord', async () => {
    const form = authorizeParams();
    form.delete('code_challenge');
    form.delete('code_challenge_method');
    form.set('user_id', DEMO_USER_IDS.owner);
    const approved = await request('/oauth2/authorize', { method: 'POST', body: form });
    const code = new URL(approved.headers.get('Location') ?? '').searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const refused = await exchange(code, VERIFIER);
    expect(refused.status).toBe(400);
    expect(await json<{ error: string }>(refused)).toMatchObject({ error: 'invalid_grant' });
    const plain = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(plain.status).toBe(200);
  });

  it('rejects a different redirect_uri', async () => {
    const code = await codeFor(DEMO_USER_IDS.owner);
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://localhost:5173/elsewhere',
      code_verifier: VERIFIER,
    });
    expect(response.status).toBe(400);
    expect(await json<{ error: string }>(response)).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers 401 invalid_client for a wrong client secret', async () => {
    const code = await codeFor(DEMO_USER_IDS.owner);
    const wrongBasic = `Basic ${btoa(`${DEMO_CLIENT_ID}:wrong-secret`)}`;
    const response = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER }, wrongBasic);
    expect(response.status).toBe(401);
    expect(await json<{ error: string }>(response)).toEqual({ error: 'invalid_client' });
  });

  it('refreshes tokens, rotating both', async () => {
    const first = await loginAs(DEMO_USER_IDS.owner);
    const response = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(response.status).toBe(200);
    const second = await json<RESTPostOAuth2AccessTokenResult>(response);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await request('/api/v10/users/@me', asUser(second.access_token))).status).toBe(200);
    expect((await request('/api/v10/users/@me', asUser(first.access_token))).status).toBe(401);
    const reused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.status).toBe(400);
  });

  it('revokes a token: the user is logged out of Discord', async () => {
    const tokens = await loginAs(DEMO_USER_IDS.owner);
    const revoke = await request('/api/oauth2/token/revoke', {
      method: 'POST',
      headers: { Authorization: BASIC },
      body: new URLSearchParams({ token: tokens.access_token, token_type_hint: 'access_token' }),
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({});
    const me = await request('/api/v10/users/@me', asUser(tokens.access_token));
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
  });
});

describe('REST: user guilds', () => {
  it('computes owner and permissions per guild for Demo Owner', async () => {
    const { access_token } = await loginAs(DEMO_USER_IDS.owner);
    const guilds = await userGuilds(access_token, '?with_counts=true');
    const byId = new Map(guilds.map((guild) => [guild.id, guild]));
    expect([...byId.keys()]).toEqual([DEMO_GUILD_IDS.kenjiLounge, DEMO_GUILD_IDS.glaiveStudio, DEMO_GUILD_IDS.lofiCafe, DEMO_GUILD_IDS.ownerSandbox]);

    const kenji = byId.get(DEMO_GUILD_IDS.kenjiLounge);
    expect(kenji).toMatchObject({ name: 'Kenji Lounge', owner: true, approximate_member_count: 1284, features: [] });

    const glaive = byId.get(DEMO_GUILD_IDS.glaiveStudio);
    expect(glaive?.owner).toBe(false);
    const glaivePermissions = BigInt(glaive?.permissions ?? '0');
    expect(glaivePermissions & MANAGE_GUILD).toBe(MANAGE_GUILD);
    expect(glaivePermissions & ADMINISTRATOR).toBe(0n);

    const lofi = byId.get(DEMO_GUILD_IDS.lofiCafe);
    expect(lofi?.owner).toBe(false);
    expect(BigInt(lofi?.permissions ?? '0') & (MANAGE_GUILD | ADMINISTRATOR)).toBe(0n);

    expect(byId.get(DEMO_GUILD_IDS.ownerSandbox)?.owner).toBe(true);
  });

  it('leaves out counts unless asked', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.owner);
    const [first] = await userGuilds(access_token);
    expect(first).toBeDefined();
    expect(first).not.toHaveProperty('approximate_member_count');
    expect(first).not.toHaveProperty('approximate_presence_count');
  });

  it('shows Demo Member two guilds where they manage nothing', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.member);
    const guilds = await userGuilds(access_token);
    expect(guilds.map((guild) => guild.name)).toEqual(['Kenji Lounge', 'Lofi Café']);
    for (const guild of guilds) {
      expect(guild.owner).toBe(false);
      expect(BigInt(guild.permissions) & (MANAGE_GUILD | ADMINISTRATOR)).toBe(0n);
    }
  });

  it('lists the bot guilds without Owner Sandbox', async () => {
    expect(await botGuildIds()).toEqual([DEMO_GUILD_IDS.kenjiLounge, DEMO_GUILD_IDS.glaiveStudio, DEMO_GUILD_IDS.lofiCafe, DEMO_GUILD_IDS.adminHq]);
  });

  it('pages with limit and after', async () => {
    // Five pages in a row would meet the route's limit of 1 a second; paging is what is tested here.
    await setRateLimits({ enabled: false });
    const firstPage = await botGuildIds('?limit=2');
    expect(firstPage).toEqual([DEMO_GUILD_IDS.kenjiLounge, DEMO_GUILD_IDS.glaiveStudio]);
    const secondPage = await botGuildIds(`?limit=2&after=${firstPage[1] ?? ''}`);
    expect(secondPage).toEqual([DEMO_GUILD_IDS.lofiCafe, DEMO_GUILD_IDS.adminHq]);
    expect(await botGuildIds(`?limit=2&after=${DEMO_GUILD_IDS.adminHq}`)).toEqual([]);
    expect((await request('/api/v10/users/@me/guilds?limit=201', asBot)).status).toBe(400);
    expect((await request('/api/v10/users/@me/guilds?limit=0', asBot)).status).toBe(400);
  });

  it('answers a user their own member object in a guild', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.owner);
    const response = await request(`/api/v10/users/@me/guilds/${DEMO_GUILD_IDS.glaiveStudio}/member`, asUser(access_token));
    expect(response.status).toBe(200);
    expect((await json<APIGuildMember>(response)).user.id).toBe(DEMO_USER_IDS.owner);
    const notMember = await request(`/api/v10/users/@me/guilds/${DEMO_GUILD_IDS.adminHq}/member`, asUser(access_token));
    expect(notMember.status).toBe(404);
  });

  it('needs the guilds scope', async () => {
    const response = await request('/__demo/issue-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: DEMO_USER_IDS.owner, scope: 'identify' }),
    });
    const { access_token } = await json<{ access_token: string }>(response);
    expect((await request('/api/v10/users/@me', asUser(access_token))).status).toBe(200);
    expect((await request('/api/v10/users/@me/guilds', asUser(access_token))).status).toBe(401);
  });
});

describe('REST: bot endpoints', () => {
  const botOnly = [
    `/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}`,
    `/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}/roles`,
    `/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}/channels`,
    `/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}/emojis`,
    `/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}/members/${DEMO_USER_IDS.owner}`,
  ];

  it('answers 401 to users and to bad tokens', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.owner);
    for (const path of botOnly) {
      expect((await request(path, asUser(access_token))).status).toBe(401);
      expect((await request(path, { headers: { Authorization: 'Bot wrong-token' } })).status).toBe(401);
      expect((await request(path)).status).toBe(401);
      expect((await request(path, asBot)).status).toBe(200);
    }
  });

  it('answers the bot user for the bot', async () => {
    const response = await request('/api/v10/users/@me', asBot);
    expect(await json<APIUser>(response)).toMatchObject({ id: DEMO_CLIENT_ID, username: 'ServerManager', bot: true });
  });

  it('answers a guild with its owner and counts', async () => {
    const response = await request(`/api/v10/guilds/${DEMO_GUILD_IDS.glaiveStudio}?with_counts=true`, asBot);
    const guild = await json<APIGuild>(response);
    expect(guild).toMatchObject({
      id: DEMO_GUILD_IDS.glaiveStudio,
      name: 'Glaive Studio',
      owner_id: DEMO_USER_IDS.admin,
      approximate_member_count: 342,
    });
    expect(guild.approximate_presence_count).toBeGreaterThan(0);
  });

  it('answers roles and channels of a guild', async () => {
    const guildId = DEMO_GUILD_IDS.kenjiLounge;
    const roles = await json<APIRole[]>(await request(`/api/v10/guilds/${guildId}/roles`, asBot));
    expect(roles.find((role) => role.id === guildId)).toMatchObject({ name: '@everyone', position: 0 });
    expect(roles.some((role) => role.color !== 0)).toBe(true);
    const channels = await json<DemoChannel[]>(await request(`/api/v10/guilds/${guildId}/channels`, asBot));
    const types = new Set(channels.map((channel) => channel.type));
    expect([...types].sort()).toEqual([0, 2, 4, 5]);
    const categoryIds = new Set(channels.filter((channel) => channel.type === 4).map((channel) => channel.id));
    expect(channels.some((channel) => channel.type === 0 && channel.parent_id === null)).toBe(true);
    expect(channels.some((channel) => channel.type === 0 && categoryIds.has(channel.parent_id ?? ''))).toBe(true);
  });

  it("answers a guild's own emoji as Discord lists them to a bot, the guild object carrying the same", async () => {
    const guildId = DEMO_GUILD_IDS.kenjiLounge;
    const emojis = await json<APIEmoji[]>(await request(`/api/v10/guilds/${guildId}/emojis`, asBot));
    expect(emojis.map((emoji) => emoji.name)).toEqual(['kenji_wave', 'vinyl', 'lofi_cat', 'night_owl', 'old_badge']);
    for (const emoji of emojis) expect(emoji).toMatchObject({ id: stringMatching(/^\d{17,20}$/), require_colons: true, managed: false });
    expect(emojis.find((emoji) => emoji.name === 'lofi_cat')?.animated).toBe(true);
    expect(emojis.find((emoji) => emoji.name === 'old_badge')?.available).toBe(false);
    expect((await json<APIGuild>(await request(`/api/v10/guilds/${guildId}`, asBot))).emojis).toEqual(emojis);
  });

  it('answers members, 10007 for strangers, 403 Missing Access where the bot is absent, 10004 for no such guild', async () => {
    const member = await request(`/api/v10/guilds/${DEMO_GUILD_IDS.lofiCafe}/members/${DEMO_USER_IDS.member}`, asBot);
    expect(member.status).toBe(200);
    const stranger = await request(`/api/v10/guilds/${DEMO_GUILD_IDS.adminHq}/members/${DEMO_USER_IDS.member}`, asBot);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ message: 'Unknown Member', code: 10007 });
    for (const path of ['/roles', '/channels', '/emojis', `/members/${DEMO_USER_IDS.owner}`]) {
      const absent = await request(`/api/v10/guilds/${DEMO_GUILD_IDS.ownerSandbox}${path}`, asBot);
      expect(absent.status).toBe(403);
      expect(await absent.json()).toEqual({ message: 'Missing Access', code: 50001 });
      const unknown = await request(`/api/v10/guilds/399999999999999999${path}`, asBot);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Unknown Guild', code: 10004 });
    }
    // The guild itself, since January 2023 (discord-api-docs #5840): Unknown Guild where the bot is absent too.
    for (const guildId of [DEMO_GUILD_IDS.ownerSandbox, '399999999999999999']) {
      const guild = await request(`/api/v10/guilds/${guildId}`, asBot);
      expect([guild.status, await guild.json()]).toEqual([404, { message: 'Unknown Guild', code: 10004 }]);
    }
  });

  it('sends rate-limit headers with every answer', async () => {
    for (const init of [asBot, {}]) {
      const response = await request('/api/v10/users/@me', init);
      for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset-After', 'X-RateLimit-Bucket'])
        expect(response.headers.get(name), name).not.toBeNull();
    }
  });
});

describe('faults', () => {
  it('answers 429 with retry_after for the given number of calls', async () => {
    expect((await setFault({ mode: '429', times: 1, retryAfter: 0.05 })).status).toBe(200);
    const limited = await request('/api/v10/users/@me', asBot);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('0.05');
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.05, global: false });
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
  });

  it('answers an HTML 429 like a Cloudflare ban', async () => {
    await setFault({ mode: '429-html' });
    const response = await request('/api/v10/users/@me', asBot);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(await response.text()).toContain('<html');
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(429);
  });

  it('answers 500', async () => {
    await setFault({ mode: '500', times: 2 });
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(500);
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(500);
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
  });

  it('answers slowly', async () => {
    await setFault({ mode: 'slow', delayMs: 60 });
    const started = Date.now();
    const response = await request('/api/v10/users/@me', asBot);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('answers a malformed body', async () => {
    await setFault({ mode: 'malformed' });
    const response = await request('/api/v10/users/@me', asBot);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{not json');
  });

  it('revokes every user token', async () => {
    const { access_token, refresh_token } = await issueToken(DEMO_USER_IDS.owner);
    await setFault({ mode: 'revoke', times: 1 });
    expect((await request('/api/v10/users/@me', asUser(access_token))).status).toBe(401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token })).status).toBe(400);
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
  });

  it('affects only the given path prefix and never the OAuth endpoints', async () => {
    await setFault({ mode: '500', pathPrefix: '/guilds' });
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
    expect((await request(`/api/v10/guilds/${DEMO_GUILD_IDS.kenjiLounge}`, asBot)).status).toBe(500);
    expect((await exchange(await codeFor(DEMO_USER_IDS.owner))).status).toBe(200);
  });

  it('is cleared by mode none and by reset, and refuses nonsense', async () => {
    await setFault({ mode: '500' });
    await setFault({ mode: 'none' });
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
    await setFault({ mode: '500' });
    await request('/__demo/reset', { method: 'POST' });
    expect((await request('/api/v10/users/@me', asBot)).status).toBe(200);
    expect((await setFault({ mode: 'explode' })).status).toBe(400);
    expect((await setFault({ mode: '429', times: 0 })).status).toBe(400);
  });
});

describe('token lifetime', () => {
  it("is Discord's 604800 seconds by default", async () => {
    const tokens = await loginAs(DEMO_USER_IDS.owner);
    expect(tokens.expires_in).toBe(604800);
  });

  it('follows the tokenTtlSeconds option (FAKE_DISCORD_TOKEN_TTL_SECONDS in serve.ts), also after a reset', async () => {
    fake = createFakeDiscord({ tokenTtlSeconds: 2 });
    const tokens = await loginAs(DEMO_USER_IDS.owner);
    expect(tokens.expires_in).toBe(2);
    await request('/__demo/reset', { method: 'POST' });
    const again = await loginAs(DEMO_USER_IDS.owner);
    expect(again.expires_in).toBe(2);
    const grant = fake.state.accessTokens.get(again.access_token);
    expect((grant?.accessExpiresAt ?? 0) - Date.now()).toBeLessThanOrEqual(2000);
  });
});

describe('token endpoint faults', () => {
  const setTokenFault = (body: Record<string, unknown>) =>
    request('/__demo/token-faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it.each([
    ['500', 500],
    ['429', 429],
    ['429-html', 429],
  ])('answers %s at the token endpoint for the given number of calls, leaving REST alone', async (mode, status) => {
    const first = await loginAs(DEMO_USER_IDS.owner);
    expect((await setTokenFault({ mode, times: 1 })).status).toBe(200);
    expect((await request('/api/v10/users/@me', asUser(first.access_token))).status).toBe(200);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).status).toBe(status);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).status).toBe(200);
  });

  it('logs each token call with its grant type and status', async () => {
    const first = await loginAs(DEMO_USER_IDS.owner);
    await setTokenFault({ mode: '500', times: 1 });
    await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    const log = await json<{ calls: { grantType: string; status: number }[] }>(await request('/__demo/token-calls'));
    expect(log.calls).toEqual([
      { grantType: 'authorization_code', status: 200 },
      { grantType: 'refresh_token', status: 500 },
      { grantType: 'refresh_token', status: 200 },
    ]);
  });

  it('refuses nonsense', async () => {
    expect((await setTokenFault({ mode: 'explode' })).status).toBe(400);
  });
});

describe('test controls', () => {
  it('serves the whole data set without secrets', async () => {
    const response = await request('/__demo/state');
    const body = await response.text();
    expect(body).not.toContain(DEMO_CLIENT_SECRET);
    expect(body).not.toContain(DEMO_BOT_TOKEN);
    const state = JSON.parse(body) as { users: APIUser[]; guilds: DemoGuild[] };
    expect(state.users.map((user) => user.global_name)).toEqual(['Demo Admin', 'Demo Owner', 'Demo Member', null]);
    expect(state.guilds.map((guild) => guild.name)).toEqual(['Kenji Lounge', 'Glaive Studio', 'Lofi Café', 'Owner Sandbox', 'Admin HQ']);
    const sandbox = state.guilds.find((guild) => guild.id === DEMO_GUILD_IDS.ownerSandbox);
    expect(sandbox).toMatchObject({ bot_present: false, owner_id: DEMO_USER_IDS.owner });
    expect(state.guilds.every((guild) => guild.roles.length > 0 && guild.channels.length > 0 && guild.members.length > 0)).toBe(true);
  });

  it('logs REST calls with the kind of caller', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.admin);
    await request('/api/v10/users/@me', asUser(access_token));
    await request(`/api/v10/guilds/${DEMO_GUILD_IDS.adminHq}/roles`, asBot);
    await request('/api/v10/users/@me');
    const log = await json<{ count: number; calls: { method: string; path: string; auth: string }[] }>(await request('/__demo/calls'));
    expect(log.count).toBe(3);
    expect(log.calls.map(({ method, path, auth }) => ({ method, path, auth }))).toEqual([
      { method: 'GET', path: '/api/v10/users/@me', auth: 'user' },
      { method: 'GET', path: `/api/v10/guilds/${DEMO_GUILD_IDS.adminHq}/roles`, auth: 'bot' },
      { method: 'GET', path: '/api/v10/users/@me', auth: 'none' },
    ]);
    await request('/__demo/calls/reset', { method: 'POST' });
    expect(await json<{ count: number }>(await request('/__demo/calls'))).toMatchObject({ count: 0 });
  });

  it('expires an access token while its refresh token still works', async () => {
    const { access_token, refresh_token } = await issueToken(DEMO_USER_IDS.owner);
    const expire = await request('/__demo/expire-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token }),
    });
    expect(expire.status).toBe(200);
    expect((await request('/api/v10/users/@me', asUser(access_token))).status).toBe(401);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token });
    expect(refreshed.status).toBe(200);
    const { access_token: fresh } = await json<RESTPostOAuth2AccessTokenResult>(refreshed);
    expect((await request('/api/v10/users/@me', asUser(fresh))).status).toBe(200);
  });

  it('resets data and tokens', async () => {
    const { access_token } = await issueToken(DEMO_USER_IDS.owner);
    fake.state.data.guilds.pop();
    await request('/__demo/reset', { method: 'POST' });
    expect(fake.state.data.guilds).toHaveLength(5);
    expect((await request('/api/v10/users/@me', asUser(access_token))).status).toBe(401);
  });
});
