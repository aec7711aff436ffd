import { CodeChallengeMethod, OAuth2Client, type OAuth2Tokens } from 'arctic';

export const OAUTH_SCOPES = ['identify', 'guilds', 'guilds.members.read'];

/** Discord's OAuth endpoints, derived from the configured base URL (real Discord or the fake). */
export function discordEndpoints(env: Env) {
  const base = env.DISCORD_BASE_URL.replace(/\/+$/, '');
  return {
    authorize: `${base}/oauth2/authorize`,
    token: `${base}/api/oauth2/token`,
    revoke: `${base}/api/oauth2/token/revoke`,
  };
}

export function oauthClient(env: Env, origin: string): OAuth2Client {
  return new OAuth2Client(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, `${origin}/api/successful-auth`);
}

export function authorizationUrl(env: Env, origin: string, state: string, verifier: string): URL {
  return oauthClient(env, origin).createAuthorizationURLWithPKCE(discordEndpoints(env).authorize, state, CodeChallengeMethod.S256, verifier, OAUTH_SCOPES);
}

export interface DiscordTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

const toTokens = (t: OAuth2Tokens): DiscordTokens => ({
  accessToken: t.accessToken(),
  refreshToken: t.refreshToken(),
  expiresAt: t.accessTokenExpiresAt().getTime(),
});

export async function exchangeCode(env: Env, origin: string, code: string, verifier: string): Promise<DiscordTokens> {
  return toTokens(await oauthClient(env, origin).validateAuthorizationCode(discordEndpoints(env).token, code, verifier));
}

export async function refreshTokens(env: Env, origin: string, refreshToken: string): Promise<DiscordTokens> {
  return toTokens(await oauthClient(env, origin).refreshAccessToken(discordEndpoints(env).token, refreshToken, []));
}

export async function revokeToken(env: Env, origin: string, token: string): Promise<void> {
  await oauthClient(env, origin).revokeToken(discordEndpoints(env).revoke, token);
}
