import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPublicJson, JSON_GET } from '../../src/client/json-get';
import type { ApiKey } from '../../src/shared/api-keys';

const KEY = '/api/check-auth' as ApiKey<{ authenticated: boolean }>;

afterEach(() => vi.unstubAllGlobals());

describe('the shell’s reader of public JSON (who is signed in, the landing’s figures)', () => {
  it('asks with the session cookie, for JSON, and answers the body', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"authenticated":false}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getPublicJson(KEY)).resolves.toEqual({ authenticated: false });
    expect(fetchMock).toHaveBeenCalledWith(KEY, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    expect(JSON_GET).toEqual({ credentials: 'same-origin', headers: { accept: 'application/json' } });
  });

  it.each([200, 299])('%i is an answer', async (status) => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"authenticated":true}', { status })));
    await expect(getPublicJson(KEY)).resolves.toEqual({ authenticated: true });
  });

  it.each([300, 404, 500])('%i is refused, naming the address and the status, its body read as no answer', async (status) => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"authenticated":true}', { status })));
    await expect(getPublicJson(KEY)).rejects.toThrow(`/api/check-auth answered ${status}`);
  });
});
