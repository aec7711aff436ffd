/**
 * Every key the Worker uses is derived from a configured secret with HKDF-SHA-256 and a purpose label, so one
 * secret never serves two purposes directly (a play ticket cannot be replayed as a session signature).
 */
const encoder = new TextEncoder();

/** The purposes, spelled once: changing a label invalidates everything made with the old key. */
export const KEY_PURPOSES = {
  playTicket: 'servermanager/play-ticket/v1',
  loginState: 'servermanager/login-state/v1',
  tokenEncryption: 'servermanager/discord-tokens/aes-gcm/v1',
  tokenKeyId: 'servermanager/discord-tokens/key-id/v1',
} as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[keyof typeof KEY_PURPOSES];

async function hkdfBase(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey', 'deriveBits']);
}

const hkdf = (purpose: KeyPurpose) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(purpose) });

export async function deriveHmacKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(hkdf(purpose), await hkdfBase(secret), { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']);
}

export async function deriveAesGcmKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(hkdf(purpose), await hkdfBase(secret), { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** Raw key bytes, for libraries that take bytes (jose's direct encryption). */
export async function deriveBytes(secret: string, purpose: KeyPurpose, length: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.deriveBits(hkdf(purpose), await hkdfBase(secret), length * 8));
}
