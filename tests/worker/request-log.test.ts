import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { env } from 'cloudflare:workers';
import { call, callWithEnv } from './helpers/request';
import { required } from '../helpers/required';

/** Every error the Worker answers is one JSON log line, with the request id the answer and its page carry. */

let warnings: MockInstance<typeof console.warn>;
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  warnings.mockRestore();
  errors.mockRestore();
});

const lines = (spy: MockInstance<(...args: unknown[]) => void>) => spy.mock.calls.map((args) => args[0]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the error log line', () => {
  it('is one warning for a 4xx, with status, code, method, route, path and request id, and no cookie or query', async () => {
    const res = await call('/api/server-settings?serverID=300000000000000001&ticket=secret-ticket', { cookie: 'sm_session=secret-cookie-value' });
    expect(res.status).toBe(401);
    expect(errors).not.toHaveBeenCalled();
    expect(lines(warnings)).toEqual([
      {
        event: 'error_answered',
        status: 401,
        code: 'UNAUTHORIZED',
        method: 'GET',
        route: '/api/server-settings',
        path: '/api/server-settings',
        requestId: res.headers.get('X-Request-Id'),
      },
    ]);
    expect(JSON.stringify(warnings.mock.calls[0]?.[0])).not.toMatch(/secret-/);
  });

  it('is written for a 400, the first error status', async () => {
    const res = await call('/api/bot/guilds/not-an-id', { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } });
    expect(res.status).toBe(400);
    expect(lines(warnings)).toMatchObject([{ status: 400, code: 'INVALID_INPUT', route: '/api/bot/guilds/:id' }]);
  });

  it("is an error, with the failure's stack, for an exact 500", async () => {
    const broken = {
      prepare: () => {
        throw new TypeError('the database is gone');
      },
    };
    const res = await callWithEnv('/api/stats', { DB: broken as unknown as string });
    expect(res.status).toBe(500);
    expect(warnings).not.toHaveBeenCalled();
    expect(lines(errors)).toMatchObject([{ status: 500, detail: expect.stringContaining('TypeError: the database is gone') as unknown }]);
  });

  it('names a page without a JSON code by its status', async () => {
    const res = await call('/no-such-page');
    expect(res.status).toBe(404);
    expect(lines(warnings)).toMatchObject([{ status: 404, code: 'HTTP_404', path: '/no-such-page', requestId: res.headers.get('X-Request-Id') }]);
  });

  it('is not written for an answer that is not an error', async () => {
    const res = await call('/api/stats');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toMatch(UUID);
    expect(warnings).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the request id', () => {
  it("is Cloudflare's ray id when the edge sent one", async () => {
    const res = await call('/api/stats', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-AMS' } });
    expect(res.headers.get('X-Request-Id')).toBe('8f1e2d3c4b5a6978-AMS');
  });

  it.each([
    ['with characters a log line should not hold', '8f1e2d3c "x":1'],
    ['65 characters long', 'a'.repeat(65)],
  ])('is a random one for a ray id %s', async (_case, ray) => {
    const res = await call('/api/stats', { headers: { 'cf-ray': ray } });
    expect(required(res.headers.get('X-Request-Id'), 'X-Request-Id')).toMatch(UUID);
  });

  it('takes a ray id of exactly 64 characters', async () => {
    const res = await call('/api/stats', { headers: { 'cf-ray': 'b'.repeat(64) } });
    expect(res.headers.get('X-Request-Id')).toBe('b'.repeat(64));
  });
});
