import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSessionToken, verifySessionToken } from '../../src/worker/auth/session';
import { IsolateMemo } from '../../src/worker/isolate-memo';
import { openToken, sealToken, tokenKeyring } from '../../src/worker/crypto/token-cipher';

const SECOND = 1000;
const OTHER_SECRET = 'another-secret-that-is-long-enough-9876543210';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('IsolateMemo', () => {
  it('keeps as many entries as its capacity, then lets the oldest go', () => {
    const memo = new IsolateMemo<number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    expect([memo.get('a'), memo.get('b')]).toEqual([1, 2]);
    memo.set('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('counts a key set again as new, so it outlives the others', () => {
    const memo = new IsolateMemo<number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('a', 10);
    memo.set('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([10, undefined, 3]);
  });
});

describe('opening a sealed token again', () => {
  it('decrypts once per isolate', async () => {
    const keyring = await tokenKeyring({ TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-once` });
    const sealed = await sealToken(keyring.current, 'discord-access-token', 'session:s1:access');
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    expect(await openToken(keyring, keyring.current.id, sealed, 'session:s1:access')).toBe('discord-access-token');
    expect(await openToken(keyring, keyring.current.id, sealed, 'session:s1:access')).toBe('discord-access-token');
    expect(decrypt).toHaveBeenCalledTimes(1);
  });

  it('still refuses it once its key is no longer configured, or for another session or field', async () => {
    const old = await tokenKeyring({ TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-old` });
    const sealed = await sealToken(old.current, 'discord-access-token', 'session:s2:access');
    expect(await openToken(old, old.current.id, sealed, 'session:s2:access')).toBe('discord-access-token');
    const rotated = await tokenKeyring({ TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-new` });
    expect(await openToken(rotated, old.current.id, sealed, 'session:s2:access')).toBeNull();
    expect(await openToken(old, old.current.id, sealed, 'session:s3:access')).toBeNull();
    expect(await openToken(old, old.current.id, sealed, 'session:s2:refresh')).toBeNull();
  });
});

describe('checking a session token again', () => {
  it('checks the signature once per isolate and secret', async () => {
    const token = await signSessionToken(env, 'sid-once', '100000000000000001', Date.now() + 60 * SECOND);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    expect(await verifySessionToken(env, token)).toEqual({ sid: 'sid-once', sub: '100000000000000001' });
    expect(await verifySessionToken(env, token)).toEqual({ sid: 'sid-once', sub: '100000000000000001' });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('refuses a token it checked before from the second its exp names', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = Date.UTC(2026, 10, 28, 7, 0, 0);
    vi.setSystemTime(issued);
    const token = await signSessionToken(env, 'sid-expiring', '100000000000000001', issued + 60 * SECOND);
    expect(await verifySessionToken(env, token)).not.toBeNull();
    vi.setSystemTime(issued + 59 * SECOND + 999);
    expect(await verifySessionToken(env, token)).not.toBeNull();
    vi.setSystemTime(issued + 60 * SECOND);
    expect(await verifySessionToken(env, token)).toBeNull();
  });

  it('refuses a token it checked before once the secret changed', async () => {
    const token = await signSessionToken(env, 'sid-rotated', '100000000000000001', Date.now() + 60 * SECOND);
    expect(await verifySessionToken(env, token)).not.toBeNull();
    expect(await verifySessionToken({ ...env, SESSION_SECRET: OTHER_SECRET }, token)).toBeNull();
  });
});

describe('the token keyring', () => {
  it('is built once for the same secrets', async () => {
    const secrets = { TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-keyring` };
    expect(await tokenKeyring({ ...secrets })).toBe(await tokenKeyring({ ...secrets }));
  });

  it('is built again when the current or the previous secret changes, and opens what each key sealed', async () => {
    const first = await tokenKeyring({ TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-first` });
    const sealed = await sealToken(first.current, 'discord-access-token', 'session:s4:access');
    const rotated = await tokenKeyring({
      TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-second`,
      TOKEN_ENCRYPTION_KEY_PREVIOUS: `${env.TOKEN_ENCRYPTION_KEY}-first`,
    });
    expect(rotated).not.toBe(first);
    expect(rotated.previous?.id).toBe(first.current.id);
    expect(await openToken(rotated, first.current.id, sealed, 'session:s4:access')).toBe('discord-access-token');
    const dropped = await tokenKeyring({ TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-second` });
    expect(dropped.previous).toBeNull();
    expect(await openToken(dropped, first.current.id, sealed, 'session:s4:access')).toBeNull();
  });

  it('is not kept when building it failed', async () => {
    const secrets = { TOKEN_ENCRYPTION_KEY: `${env.TOKEN_ENCRYPTION_KEY}-failing` };
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValueOnce(new Error('no key today'));
    await expect(tokenKeyring(secrets)).rejects.toThrow('no key today');
    expect((await tokenKeyring(secrets)).current.id).toMatch(/^[\w-]{12}$/);
  });
});
