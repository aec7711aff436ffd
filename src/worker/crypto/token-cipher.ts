/**
 * Discord tokens at rest: AES-256-GCM with a key derived from TOKEN_ENCRYPTION_KEY. Each row stores the id of
 * the key that sealed it (a fingerprint of the key, never the key), so the key can rotate: put the old value in
 * TOKEN_ENCRYPTION_KEY_PREVIOUS and rows written with it still open; every refresh re-seals with the current key.
 */
import { fromBase64Url, toBase64Url } from '../../shared/base64url';
import { IsolateMemo } from '../isolate-memo';
import { deriveAesGcmKey, deriveBytes, KEY_PURPOSES } from './keys';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const KEY_ID_BYTES = 9;
const FORMAT = 'v1';

export interface TokenKey {
  id: string;
  key: CryptoKey;
}

export interface TokenKeyring {
  current: TokenKey;
  previous: TokenKey | null;
}

export interface TokenSecrets {
  TOKEN_ENCRYPTION_KEY: string;
  TOKEN_ENCRYPTION_KEY_PREVIOUS?: string;
}

async function tokenKey(secret: string): Promise<TokenKey> {
  const [key, id] = await Promise.all([deriveAesGcmKey(secret, KEY_PURPOSES.tokenEncryption), deriveBytes(secret, KEY_PURPOSES.tokenKeyId, KEY_ID_BYTES)]);
  return { id: toBase64Url(id), key };
}

async function buildKeyring(current: string, previous: string | undefined): Promise<TokenKeyring> {
  const [key, old] = await Promise.all([tokenKey(current), previous ? tokenKey(previous) : Promise.resolve(null)]);
  return { current: key, previous: old };
}

/**
 * The last keyring built, by the secrets it was built from: every logged-in request needs it, and building it again
 * from the derived keys cost 20 µs a request (docs/performance.md). A failed build is not kept.
 */
let lastKeyring: { current: string; previous: string | undefined; keyring: Promise<TokenKeyring> } | undefined;

export function tokenKeyring(env: TokenSecrets): Promise<TokenKeyring> {
  const current = env.TOKEN_ENCRYPTION_KEY;
  const previous = env.TOKEN_ENCRYPTION_KEY_PREVIOUS;
  if (lastKeyring?.current === current && lastKeyring.previous === previous) return lastKeyring.keyring;
  const keyring = buildKeyring(current, previous);
  const built = { current, previous, keyring };
  lastKeyring = built;
  keyring.catch(() => {
    if (lastKeyring === built) lastKeyring = undefined;
  });
  return keyring;
}

/**
 * `context` is bound into the ciphertext (GCM additional data): a token sealed for one session and field
 * does not open as another's, so rows cannot be spliced together.
 */
export async function sealToken(key: TokenKey, token: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key.key, encoder.encode(token));
  return `${FORMAT}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** Tokens opened in this isolate, by key id, context and ciphertext: a session's token opens the same on every request. */
const opened = new IsolateMemo<string>(1000);

/** The token, or null when the key is unknown (rotated away) or the ciphertext or context does not match. */
export async function openToken(keyring: TokenKeyring, keyId: string, sealed: string, context: string): Promise<string | null> {
  const key = [keyring.current, keyring.previous].find((candidate) => candidate?.id === keyId);
  const [format, iv, data] = sealed.split('.');
  if (!key || format !== FORMAT || !iv || !data) return null;
  const memoKey = `${keyId}\n${context}\n${sealed}`;
  const known = opened.get(memoKey);
  if (known !== undefined) return known;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(context) },
      key.key,
      fromBase64Url(data),
    );
    const token = decoder.decode(plain);
    opened.set(memoKey, token);
    return token;
  } catch {
    return null;
  }
}
