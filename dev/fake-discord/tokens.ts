/** Issuing and checking the OAuth2 artefacts: codes, access and refresh tokens, PKCE challenges. */
import type { FakeDiscordState, Grant } from './state.ts';
import { toBase64Url } from '../../src/shared/base64url.ts';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_USER_SCOPE = 'identify guilds guilds.members.read';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Discord's tokens are 30 alphanumeric characters. */
export function randomToken(length = 30): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let token = '';
  for (const byte of bytes) token += TOKEN_ALPHABET.charAt(byte % TOKEN_ALPHABET.length);
  return token;
}

/** The S256 code challenge of a PKCE verifier (RFC 7636): base64url(sha256(verifier)). */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}

export function issueGrant(state: FakeDiscordState, userId: string, clientId: string, scope: string): Grant {
  const accessToken = randomToken();
  const grant: Grant = {
    userId,
    clientId,
    scope,
    accessToken,
    refreshToken: randomToken(),
    accessExpiresAt: Date.now() + state.tokenTtlSeconds * 1000,
  };
  state.accessTokens.set(accessToken, grant);
  state.refreshTokens.set(grant.refreshToken, grant);
  return grant;
}

export function revokeGrant(state: FakeDiscordState, grant: Grant): void {
  if (grant.accessToken !== null) state.accessTokens.delete(grant.accessToken);
  state.refreshTokens.delete(grant.refreshToken);
  grant.accessToken = null;
}

/** The access token stops working; its refresh token still does. */
export function expireAccessToken(state: FakeDiscordState, grant: Grant): void {
  if (grant.accessToken !== null) state.accessTokens.delete(grant.accessToken);
  grant.accessToken = null;
}

/** Revoking one token ends the user's whole authorisation of the app: every access and refresh token. */
export function revokeUserGrants(state: FakeDiscordState, userId: string, clientId: string): void {
  const grants = [...state.refreshTokens.values()].filter((grant) => grant.userId === userId && grant.clientId === clientId);
  for (const grant of grants) revokeGrant(state, grant);
}

export function revokeAllUserGrants(state: FakeDiscordState): void {
  state.accessTokens.clear();
  state.refreshTokens.clear();
}

export function findLiveGrant(state: FakeDiscordState, accessToken: string): Grant | null {
  const grant = state.accessTokens.get(accessToken);
  if (grant === undefined) return null;
  if (grant.accessExpiresAt <= Date.now()) {
    expireAccessToken(state, grant);
    return null;
  }
  return grant;
}
