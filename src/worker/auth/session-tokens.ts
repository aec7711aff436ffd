/** A session's Discord tokens, sealed for its row and opened again; each is bound to its session and field. */
import { openToken, sealToken, tokenKeyring, type TokenKeyring } from '../crypto/token-cipher';
import type { SealedTokens, SessionRow } from '../db/sessions';
import type { DiscordTokens } from '../discord/oauth-token';

export type { TokenKeyring };
export const keyringOf = (env: Env) => tokenKeyring(env);

const context = (sessionId: string, field: 'access' | 'refresh') => `session:${sessionId}:${field}`;

export async function sealTokens(keyring: TokenKeyring, sessionId: string, tokens: DiscordTokens): Promise<SealedTokens> {
  const key = keyring.current;
  const [sealedAccessToken, sealedRefreshToken] = await Promise.all([
    sealToken(key, tokens.accessToken, context(sessionId, 'access')),
    sealToken(key, tokens.refreshToken, context(sessionId, 'refresh')),
  ]);
  return { sealedAccessToken, sealedRefreshToken, tokenKeyId: key.id, tokenExpiresAt: tokens.expiresAt };
}

export const openAccessToken = (keyring: TokenKeyring, row: SessionRow) => openToken(keyring, row.tokenKeyId, row.sealedAccessToken, context(row.id, 'access'));
export const openRefreshToken = (keyring: TokenKeyring, row: SessionRow) =>
  openToken(keyring, row.tokenKeyId, row.sealedRefreshToken, context(row.id, 'refresh'));
