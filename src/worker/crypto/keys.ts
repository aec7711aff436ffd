/**
 * Every key the Worker uses is derived from a configured secret with HKDF-SHA-256 and a purpose label, so one
 * secret never serves two purposes directly (a play ticket cannot be replayed as a session signature).
 */
const encoder = new TextEncoder();

/** The purposes, spelled once: changing a label invalidates everything made with the old key. */
export const KEY_PURPOSES = {
  playTicket: 'servermanager/play-ticket/v1',
  liveTab: 'servermanager/live-tab/v1',
  loginState: 'servermanager/login-state/v1',
  tokenEncryption: 'servermanager/discord-tokens/aes-gcm/v1',
  tokenKeyId: 'servermanager/discord-tokens/key-id/v1',
} as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[keyof typeof KEY_PURPOSES];

async function hkdfBase(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey', 'deriveBits']);
}

const hkdf = (purpose: KeyPurpose) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(purpose) });

/**
 * Derivation is deterministic, so each key is derived once per isolate rather than on every request that
 * opens a session's token. A failed derivation is not kept. The maps hold a few entries: one per secret
 * (current and previous) and purpose.
 */
const derivedKeys = new Map<string, Promise<CryptoKey>>();
const derivedBytes = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

function once<T>(derived: Map<string, Promise<T>>, id: string, derive: () => Promise<T>): Promise<T> {
  const known = derived.get(id);
  if (known) return known;
  const fresh = derive();
  derived.set(id, fresh);
  fresh.catch(() => derived.delete(id));
  return fresh;
}

export function deriveHmacKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  return once(derivedKeys, `hmac\n${purpose}\n${secret}`, async () =>
    crypto.subtle.deriveKey(hkdf(purpose), await hkdfBase(secret), { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']),
  );
}

export function deriveAesGcmKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  return once(derivedKeys, `aes-gcm\n${purpose}\n${secret}`, async () =>
    crypto.subtle.deriveKey(hkdf(purpose), await hkdfBase(secret), { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  );
}

/** Raw key bytes, for libraries that take bytes (jose's direct encryption); each caller gets its own copy. */
export async function deriveBytes(secret: string, purpose: KeyPurpose, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await once(
    derivedBytes,
    `bytes\n${length}\n${purpose}\n${secret}`,
    async () => new Uint8Array(await crypto.subtle.deriveBits(hkdf(purpose), await hkdfBase(secret), length * 8)),
  );
  return bytes.slice();
}
