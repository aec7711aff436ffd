import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { oauthEndpoints } from '../discord/oauth-token';
import { apiKey } from '../../shared/api-keys';
import { OAUTH_CALLBACK_PATH } from '../../shared/api-base';

export const OAUTH_SCOPES = ['identify', 'guilds', 'guilds.members.read'];

/** From configuration, never from the request's Host header (which a proxy or an attacker may set). */
export const redirectUri = (env: Env) => `${env.APP_ORIGIN}${apiKey(OAUTH_CALLBACK_PATH)}`;

export function authorizationUrl(env: Env, state: string, verifier: string): URL {
  const client = new OAuth2Client(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, redirectUri(env));
  return client.createAuthorizationURLWithPKCE(oauthEndpoints(env).authorize, state, CodeChallengeMethod.S256, verifier, OAUTH_SCOPES);
}
