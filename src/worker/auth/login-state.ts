/**
 * A login attempt (OAuth state, PKCE verifier, where to return) travels sealed in an HttpOnly cookie, encrypted
 * and authenticated with a key derived from the session secret. Nothing is stored for anonymous visitors, so a
 * crawler following /api/auth cannot fill the database.
 */
import { EncryptJWT, jwtDecrypt } from 'jose';
import { deriveBytes, KEY_PURPOSES } from '../crypto/keys';

export interface LoginAttempt {
  state: string;
  verifier: string;
  /** The checked return path, or null for the default. */
  next: string | null;
}

export const LOGIN_ATTEMPT_TTL_SECONDS = 10 * 60;

const loginKey = (env: Env) => deriveBytes(env.SESSION_SECRET, KEY_PURPOSES.loginState, 32);

/** `__Host-` binds the cookie to our exact origin; browsers accept the prefix only over https. */
export const loginCookieName = (env: Env) => (env.APP_ORIGIN.startsWith('https:') ? '__Host-sm_login' : 'sm_login');

export async function sealLoginAttempt(env: Env, attempt: LoginAttempt): Promise<string> {
  return new EncryptJWT({ state: attempt.state, verifier: attempt.verifier, next: attempt.next })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${LOGIN_ATTEMPT_TTL_SECONDS}s`)
    .encrypt(await loginKey(env));
}

/** The attempt, or null when the cookie is missing, forged, sealed with another key or expired. */
export async function openLoginAttempt(env: Env, sealed: string | undefined): Promise<LoginAttempt | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, await loginKey(env), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    });
    const { state, verifier, next } = payload;
    if (typeof state !== 'string' || typeof verifier !== 'string') return null;
    return { state, verifier, next: typeof next === 'string' ? next : null };
  } catch {
    return null;
  }
}
