/** Test controls under `/__demo` (not part of Discord): inspect data, inject faults, read the call log, mint tokens. */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { botGuildCount, findGuild, findGuildSummary, guildIdPage, keepGuildChange } from './directory.ts';
import { parseFaultRequest } from './faults.ts';
import { generatedGuildsSummary } from './generated.ts';
import { mergeRateLimits, parseBotGuildsQuery } from './control-requests.ts';
import { resetState } from './state.ts';
import type { FakeDiscordState } from './state.ts';
import { DEFAULT_USER_SCOPE, expireAccessToken, issueGrant, revokeAllUserGrants } from './tokens.ts';

async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    return { ...body };
  } catch {
    return null;
  }
}

function badRequest(c: Context, error: string): Response {
  return c.json({ error }, 400);
}

export function createControlRoutes(state: FakeDiscordState): Hono {
  const controls = new Hono();

  /** The demo data in full; the generated guilds only summed up (there may be 500,000 of them). */
  controls.get('/state', (c) => {
    const { application, users, guilds } = state.data;
    return c.json({
      application: { id: application.id, name: application.name },
      users,
      guilds,
      generated_guilds: generatedGuildsSummary(state.generated),
      guilds_with_bot: botGuildCount(state),
    });
  });

  /** The bot's guilds in id order, for the demo's bot-presence sync: `?after=<id>&limit=<1…1000>`. */
  controls.get('/bot-guilds', (c) => {
    const page = parseBotGuildsQuery(c.req.query('after'), c.req.query('limit'));
    if (typeof page === 'string') return badRequest(c, page);
    const { ids, more } = guildIdPage(state, { kind: 'bot' }, page);
    const guilds = ids.flatMap((id) => findGuildSummary(state, id) ?? []);
    return c.json({ guilds, next: more ? (ids.at(-1) ?? null) : null });
  });

  controls.get('/rate-limits', (c) => c.json(state.rateLimiter.config));

  /** Merges `{enabled?, globalPerSecond?, defaultRoute?, routes?}` into the limits in force; a reset restores them. */
  controls.post('/rate-limits', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    const config = mergeRateLimits(state.rateLimiter.config, body);
    if (typeof config === 'string') return badRequest(c, config);
    state.rateLimiter.config = config;
    state.rateLimiter.windows.clear();
    return c.json(config);
  });

  /** The count towards the ban for invalid requests, and the ban's end (0: none). */
  controls.get('/invalid-requests', (c) => c.json({ ...state.rateLimiter.invalid, limit: state.rateLimiter.config.invalidRequests }));

  controls.get('/faults', (c) => c.json(state.fault));

  controls.post('/faults', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    const fault = parseFaultRequest(body);
    if (typeof fault === 'string') return badRequest(c, fault);
    state.fault = fault;
    if (fault.mode === 'revoke') revokeAllUserGrants(state);
    return c.json(fault);
  });

  controls.get('/token-faults', (c) => c.json(state.tokenFault));

  controls.post('/token-faults', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    const fault = parseFaultRequest(body);
    if (typeof fault === 'string') return badRequest(c, fault);
    state.tokenFault = fault;
    if (fault.mode === 'revoke') revokeAllUserGrants(state);
    return c.json(fault);
  });

  controls.get('/token-calls', (c) => c.json({ count: state.tokenCalls.length, calls: state.tokenCalls }));

  /** The live tokens it has issued: lets a test look for them where they must not be (a database file). */
  controls.get('/tokens', (c) => {
    const grants = new Set(state.refreshTokens.values());
    return c.json({ tokens: [...grants].map((grant) => ({ userId: grant.userId, accessToken: grant.accessToken, refreshToken: grant.refreshToken })) });
  });

  controls.post('/reset', (c) => {
    resetState(state);
    return c.json({ ok: true });
  });

  controls.get('/calls', (c) => c.json({ count: state.calls.length, calls: state.calls }));

  controls.post('/calls/reset', (c) => {
    state.calls = [];
    state.tokenCalls = [];
    return c.json({ ok: true });
  });

  controls.post('/issue-token', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    const { userId, scope } = body;
    if (scope !== undefined && typeof scope !== 'string') return badRequest(c, 'scope must be a string');
    const user = state.data.users.find((candidate) => candidate.id === userId && candidate.bot !== true);
    if (user === undefined) return c.json({ error: 'Unknown demo user' }, 404);
    const grant = issueGrant(state, user.id, state.data.application.id, scope ?? DEFAULT_USER_SCOPE);
    return c.json({
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      token_type: 'Bearer',
      expires_in: state.tokenTtlSeconds,
      scope: grant.scope,
    });
  });

  /** `{access_token}` expires that token; `{userId}` expires every access token of the user (refresh tokens still work). */
  controls.post('/expire-token', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    if (typeof body.userId === 'string') {
      const grants = [...state.accessTokens.values()].filter((grant) => grant.userId === body.userId);
      for (const grant of grants) expireAccessToken(state, grant);
      return c.json({ ok: true, expired: grants.length });
    }
    const accessToken = body.access_token;
    const grant = typeof accessToken === 'string' ? state.accessTokens.get(accessToken) : undefined;
    if (grant === undefined) return c.json({ error: 'Unknown access token' }, 404);
    expireAccessToken(state, grant);
    return c.json({ ok: true });
  });

  /** `{guildId, userId, roles}` replaces the member's roles, as when a moderator takes a role away in Discord. */
  controls.post('/member-roles', async (c) => {
    const body = await readJsonObject(c);
    if (body === null) return badRequest(c, 'Expected a JSON object');
    const { guildId, userId, roles } = body;
    if (!Array.isArray(roles) || !roles.every((role): role is string => typeof role === 'string')) return badRequest(c, 'roles must be a list of role ids');
    const guild = typeof guildId === 'string' ? findGuild(state, guildId) : null;
    const member = guild?.members.find((candidate) => candidate.user_id === userId);
    if (guild === null || member === undefined) return c.json({ error: 'Unknown guild or member' }, 404);
    const unknown = roles.find((role) => !guild.roles.some((candidate) => candidate.id === role));
    if (unknown !== undefined) return badRequest(c, `Unknown role ${unknown}`);
    member.roles = [...roles];
    keepGuildChange(state, guild);
    return c.json({ ok: true });
  });

  return controls;
}
