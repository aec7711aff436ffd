/**
 * Discord's OAuth2 endpoints: the authorize page (user login or bot invite), the token exchange with PKCE
 * and refresh, and revocation. Paths are Discord's: `/oauth2/authorize`, `/api/oauth2/token[/revoke]`.
 */
import { Hono } from 'hono';
import type { RESTPostOAuth2AccessTokenResult } from 'discord-api-types/v10';
import { errorPage, invitePage, loginPage } from './pages.ts';
import type { FakeDiscordState, Grant } from './state.ts';
import type { MiddlewareHandler } from 'hono';
import { findGuild } from './directory.ts';
import { faultMiddleware } from './faults.ts';
import { CODE_LIFETIME_MS, issueGrant, randomToken, revokeGrant, revokeUserGrants, s256Challenge } from './tokens.ts';

const AUTHORIZE_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'prompt'] as const;

interface LoginRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  codeChallenge: string | null;
  /** The authorize parameters as received, carried through the consent form. */
  fields: Record<string, string>;
}

type ParsedAuthorize =
  | { kind: 'login'; request: LoginRequest }
  | { kind: 'invite'; permissions: string | null; guildId: string | null; redirectUri: string | null }
  | { kind: 'error'; message: string };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseAuthorize(params: URLSearchParams, state: FakeDiscordState): ParsedAuthorize {
  const clientId = params.get('client_id');
  if (clientId !== state.data.application.id) return { kind: 'error', message: 'Unknown client_id.' };
  const scopes = (params.get('scope') ?? '').split(/[\s+]+/).filter((scope) => scope !== '');
  if (scopes.includes('bot')) {
    const redirectUri = params.get('redirect_uri');
    return {
      kind: 'invite',
      permissions: params.get('permissions'),
      guildId: params.get('guild_id'),
      redirectUri: redirectUri !== null && isHttpUrl(redirectUri) ? redirectUri : null,
    };
  }
  if (params.get('response_type') !== 'code') return { kind: 'error', message: 'Invalid response_type: expected code.' };
  const redirectUri = params.get('redirect_uri');
  if (redirectUri === null || !isHttpUrl(redirectUri)) return { kind: 'error', message: 'Invalid OAuth2 redirect_uri.' };
  if (scopes.length === 0) return { kind: 'error', message: 'Invalid scope.' };
  const codeChallenge = params.get('code_challenge');
  if (codeChallenge !== null && params.get('code_challenge_method') !== 'S256')
    return { kind: 'error', message: 'Invalid code_challenge_method: only S256 is supported.' };
  const fields: Record<string, string> = {};
  for (const name of AUTHORIZE_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  return {
    kind: 'login',
    request: { clientId, redirectUri, scope: scopes.join(' '), state: params.get('state'), codeChallenge, fields },
  };
}

/** Where the invite page's "back" link goes: the app that sent the person here, when known. */
function inviteBackHref(redirectUri: string | null, referer: string | undefined): string {
  if (redirectUri !== null) return redirectUri;
  if (referer !== undefined && isHttpUrl(referer)) return `${new URL(referer).origin}/`;
  return '/';
}

async function readForm(request: { headers: Headers; arrayBuffer(): Promise<ArrayBuffer> }): Promise<URLSearchParams | null> {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) return null;
  // Decoded by hand: workerd warns when .text() is called on a form body.
  return new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
}

function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** Client authentication by HTTP Basic (RFC 6749 2.3.1) or client_id/client_secret form fields. */
function authenticateClient(state: FakeDiscordState, authorization: string | undefined, form: URLSearchParams): boolean {
  let clientId = form.get('client_id');
  let clientSecret = form.get('client_secret');
  if (authorization !== undefined && /^basic /i.test(authorization)) {
    let decoded: string;
    try {
      decoded = atob(authorization.slice(6).trim());
    } catch {
      return false;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    clientId = decodeComponent(decoded.slice(0, colon));
    clientSecret = decodeComponent(decoded.slice(colon + 1));
  }
  const application = state.data.application;
  return clientId === application.id && clientSecret === application.client_secret;
}

function tokenAnswer(state: FakeDiscordState, grant: Grant): RESTPostOAuth2AccessTokenResult {
  return {
    access_token: grant.accessToken ?? '',
    token_type: 'Bearer',
    expires_in: state.tokenTtlSeconds,
    refresh_token: grant.refreshToken,
    scope: grant.scope,
  };
}

function invalidGrant(description: string): { error: string; error_description: string } {
  return { error: 'invalid_grant', error_description: description };
}

/** Logs every token endpoint call (grant type and answer), faults included, for tests that count refreshes. */
function logTokenCalls(state: FakeDiscordState): MiddlewareHandler {
  return async (c, next) => {
    const revoke = new URL(c.req.url).pathname.endsWith('/revoke');
    const form = revoke ? null : await readForm(c.req.raw.clone());
    await next();
    state.tokenCalls.push({ grantType: revoke ? 'revoke' : (form?.get('grant_type') ?? ''), status: c.res.status });
  };
}

export function createOAuthRoutes(state: FakeDiscordState): Hono {
  const app = new Hono();
  for (const path of ['/api/oauth2/token', '/api/oauth2/token/revoke']) app.use(path, logTokenCalls(state), faultMiddleware(state, 'token'));

  app.get('/oauth2/authorize', (c) => {
    const parsed = parseAuthorize(new URL(c.req.url).searchParams, state);
    if (parsed.kind === 'error') return c.html(errorPage(parsed.message), 400);
    const applicationName = state.data.application.name;
    if (parsed.kind === 'invite') {
      const guild = parsed.guildId === null ? null : findGuild(state, parsed.guildId);
      return c.html(
        invitePage({
          applicationName,
          permissions: parsed.permissions,
          guildId: parsed.guildId,
          guildName: guild?.name ?? null,
          backHref: inviteBackHref(parsed.redirectUri, c.req.header('Referer')),
        }),
      );
    }
    return c.html(
      loginPage({
        applicationName,
        scopes: parsed.request.scope.split(' '),
        fields: parsed.request.fields,
        users: state.data.users.filter((user) => user.bot !== true),
      }),
    );
  });

  app.post('/oauth2/authorize', async (c) => {
    const form = await readForm(c.req.raw);
    if (form === null) return c.html(errorPage('Expected a form submission.'), 400);
    const parsed = parseAuthorize(form, state);
    if (parsed.kind === 'error') return c.html(errorPage(parsed.message), 400);
    if (parsed.kind === 'invite') return c.html(errorPage('Bot invites cannot be completed in the demo.'), 400);
    const { request } = parsed;
    const target = new URL(request.redirectUri);
    if (form.get('action') === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
    } else {
      const userId = form.get('user_id');
      const user = state.data.users.find((candidate) => candidate.id === userId && candidate.bot !== true);
      if (user === undefined) return c.html(errorPage('Unknown demo user.'), 400);
      const code = randomToken();
      state.codes.set(code, {
        userId: user.id,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        scope: request.scope,
        codeChallenge: request.codeChallenge,
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      target.searchParams.set('code', code);
    }
    if (request.state !== null) target.searchParams.set('state', request.state);
    return c.redirect(target.toString(), 302);
  });

  app.post('/api/oauth2/token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const form = await readForm(c.req.raw);
    if (form === null) return c.json({ error: 'invalid_request', error_description: 'Expected application/x-www-form-urlencoded' }, 400);
    if (!authenticateClient(state, c.req.header('Authorization'), form)) return c.json({ error: 'invalid_client' }, 401);
    const clientId = state.data.application.id;
    const grantType = form.get('grant_type');

    if (grantType === 'authorization_code') {
      const codeValue = form.get('code');
      if (codeValue === null) return c.json({ error: 'invalid_request', error_description: 'Missing "code"' }, 400);
      const code = state.codes.get(codeValue);
      if (code === undefined || code.expiresAt <= Date.now() || code.clientId !== clientId) return c.json(invalidGrant('Invalid "code" in request.'), 400);
      if (form.get('redirect_uri') !== code.redirectUri) return c.json(invalidGrant('Invalid "redirect_uri" in request.'), 400);
      // Like Discord: a verifier for an authorization that had no challenge is refused, not ignored.
      if (code.codeChallenge === null && form.get('code_verifier') !== null)
        return c.json(invalidGrant('Invalid "code_verifier" in request: the authorization had no code_challenge.'), 400);
      if (code.codeChallenge !== null) {
        const verifier = form.get('code_verifier');
        if (verifier === null || (await s256Challenge(verifier)) !== code.codeChallenge)
          return c.json(invalidGrant('Invalid "code_verifier" in request.'), 400);
      }
      state.codes.delete(codeValue);
      return c.json(tokenAnswer(state, issueGrant(state, code.userId, clientId, code.scope)));
    }

    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      const grant = refreshToken === null ? undefined : state.refreshTokens.get(refreshToken);
      if (grant?.clientId !== clientId) return c.json(invalidGrant('Invalid "refresh_token" in request.'), 400);
      revokeGrant(state, grant);
      return c.json(tokenAnswer(state, issueGrant(state, grant.userId, clientId, grant.scope)));
    }

    return c.json({ error: 'unsupported_grant_type' }, 400);
  });

  app.post('/api/oauth2/token/revoke', async (c) => {
    const form = await readForm(c.req.raw);
    if (form === null) return c.json({ error: 'invalid_request', error_description: 'Expected application/x-www-form-urlencoded' }, 400);
    if (!authenticateClient(state, c.req.header('Authorization'), form)) return c.json({ error: 'invalid_client' }, 401);
    const token = form.get('token');
    if (token === null) return c.json({ error: 'invalid_request', error_description: 'Missing "token"' }, 400);
    const grant = state.accessTokens.get(token) ?? state.refreshTokens.get(token);
    if (grant !== undefined) revokeUserGrants(state, grant.userId, grant.clientId);
    return c.json({});
  });

  return app;
}
