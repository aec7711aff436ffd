/**
 * Refreshing a session's Discord token, once per session however many requests need it at the same moment.
 * Discord rotates the refresh token on every refresh, so two requests refreshing with the same one would end
 * in `invalid_grant` for the second. The first request takes a lease on the row (a conditional UPDATE); the
 * others wait and reread the row. Only `invalid_grant` ends a session; any other failure keeps the old tokens.
 */
import { claimTokenRefresh, deleteSession, findSessionById, releaseTokenRefresh, storeRefreshedTokens, type SessionRow } from '../db/sessions';
import { GrantRefusedError, refreshTokens } from '../discord/oauth-token';
import { openAccessToken, openRefreshToken, sealTokens, type TokenKeyring } from './session-tokens';

/** Refresh a little before expiry, so a call never starts with a token about to die. */
export const TOKEN_REFRESH_MARGIN_MS = 60 * 1000;
/** Longer than a token call may take (its timeout), so a lease outlives its holder's work. */
const LEASE_MS = 15 * 1000;
const POLL_MS = 50;

export type RefreshOutcome = { kind: 'refreshed'; accessToken: string } | { kind: 'ended' } | { kind: 'failed' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What another request's refresh came to, read from the row until its lease ends. */
async function awaitOtherRefresh(env: Env, keyring: TokenKeyring, seen: SessionRow): Promise<RefreshOutcome> {
  const deadline = Date.now() + LEASE_MS + 1000;
  for (;;) {
    const current = await findSessionById(env.DB, seen.id);
    if (!current) return { kind: 'ended' };
    if (current.sealedRefreshToken !== seen.sealedRefreshToken) {
      const accessToken = await openAccessToken(keyring, current);
      return accessToken === null ? { kind: 'ended' } : { kind: 'refreshed', accessToken };
    }
    // The holder gave up (a transient failure) or died; the old tokens stay.
    if (current.refreshLockUntil <= Date.now() || Date.now() > deadline) return { kind: 'failed' };
    await sleep(POLL_MS);
  }
}

async function refreshAsHolder(env: Env, keyring: TokenKeyring, row: SessionRow): Promise<RefreshOutcome> {
  const refreshToken = await openRefreshToken(keyring, row);
  if (refreshToken === null) {
    // Sealed with a key that is no longer configured: nobody can use this session any more.
    await deleteSession(env.DB, row.id);
    return { kind: 'ended' };
  }
  try {
    const fresh = await refreshTokens(env, refreshToken);
    await storeRefreshedTokens(env.DB, row.id, row.sealedRefreshToken, await sealTokens(keyring, row.id, fresh));
    return { kind: 'refreshed', accessToken: fresh.accessToken };
  } catch (error) {
    if (error instanceof GrantRefusedError) {
      await deleteSession(env.DB, row.id);
      return { kind: 'ended' };
    }
    console.warn(`Discord token refresh failed; the session keeps its tokens (${error instanceof Error ? error.message : String(error)})`);
    await releaseTokenRefresh(env.DB, row.id, row.sealedRefreshToken);
    return { kind: 'failed' };
  }
}

/**
 * One refresh of this row's tokens, shared by every request that asks for it at the same time. With
 * `waitForOthers` false (the stored token still works), a request that finds another refreshing goes on with
 * the stored token instead of waiting (`failed`: nothing changed for it).
 */
export async function refreshSessionTokens(env: Env, keyring: TokenKeyring, row: SessionRow, { waitForOthers = true } = {}): Promise<RefreshOutcome> {
  const now = Date.now();
  const holder = await claimTokenRefresh(env.DB, row.id, row.sealedRefreshToken, now, now + LEASE_MS);
  if (holder) return refreshAsHolder(env, keyring, row);
  return waitForOthers ? awaitOtherRefresh(env, keyring, row) : { kind: 'failed' };
}
