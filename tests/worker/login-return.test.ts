import { beforeAll, describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/worker/auth/return-path';
import { authorizeAs, resetFake, USERS } from './helpers/login';
import { call } from './helpers/request';

const ORIGIN = 'http://localhost';

beforeAll(async () => {
  await resetFake();
});

/** Logs in from `/api/auth?next=…` and answers where the callback sends the browser. */
async function landingAfterLogin(next: string): Promise<string | null> {
  const { callback, stateCookie } = await authorizeAs(USERS.owner, `/api/auth?next=${encodeURIComponent(next)}`);
  const res = await call(callback, { cookie: stateCookie });
  expect(res.status).toBe(302);
  return res.headers.get('Location');
}

describe('logging in from a deep link returns there', () => {
  it.each(['/server/300000000000000001', '/admin', '/kenji?folder=Artist'])('%s', async (next) => {
    expect(await landingAfterLogin(next)).toBe(next);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/servers',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/servers\r\nSet-Cookie: x=1',
    '/api/logout',
    '',
  ])('but never leaves the site: %j goes to /servers', async (next) => {
    expect(await landingAfterLogin(next)).toBe('/servers');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path and its query, drops a fragment', () => {
    expect(safeReturnPath('/server/300000000000000001?x=1#top', ORIGIN)).toBe('/server/300000000000000001?x=1');
  });
  it.each([undefined, 'servers', '//evil.example', '/\\evil.example', '/a\tb', '/a\u007fb', '/api/auth'])('refuses %j', (next) => {
    expect(safeReturnPath(next, ORIGIN)).toBeNull();
  });
});
