import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/worker/errors';
import { checkLiveHandshake } from '../../src/worker/services/live-handshake';

// The live socket's handshake, before any session or binding is looked at (src/worker/services/live-handshake.ts).
const APP_ORIGIN = 'https://app.example';
const env = { APP_ORIGIN };

/** What checkLiveHandshake throws for these headers, as the app would answer it (null when it lets them through). */
function refusal(headers: Record<string, string>): { status: number; code: string; error: string } | null {
  try {
    checkLiveHandshake(env, new Headers(headers));
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, ...error.body };
  }
}

const OTHER_SITE = { status: 403, code: 'FORBIDDEN', error: 'Live updates are only for pages of this site.' };
const NO_HANDSHAKE = { status: 426, code: 'UPGRADE_REQUIRED', error: 'This address takes a WebSocket.' };

describe('a handshake from our own pages', () => {
  it('goes through with the Upgrade header in any case', () => {
    for (const upgrade of ['websocket', 'WebSocket', 'WEBSOCKET']) expect(refusal({ Origin: APP_ORIGIN, Upgrade: upgrade })).toBeNull();
  });

  it('is 426 UPGRADE_REQUIRED without an Upgrade header, or with another protocol in it', () => {
    expect(refusal({ Origin: APP_ORIGIN })).toEqual(NO_HANDSHAKE);
    expect(refusal({ Origin: APP_ORIGIN, Upgrade: '' })).toEqual(NO_HANDSHAKE);
    expect(refusal({ Origin: APP_ORIGIN, Upgrade: 'h2c' })).toEqual(NO_HANDSHAKE);
    expect(refusal({ Origin: APP_ORIGIN, Upgrade: 'websocket2' })).toEqual(NO_HANDSHAKE);
  });
});

describe('a handshake from anywhere else (cross-site WebSocket hijacking)', () => {
  it('is 403 from another site, from a longer origin starting with ours, or without an Origin', () => {
    for (const origin of ['https://evil.example', `${APP_ORIGIN}.evil.example`, 'http://app.example', ''])
      expect(refusal({ Origin: origin, Upgrade: 'websocket' })).toEqual(OTHER_SITE);
    expect(refusal({ Upgrade: 'websocket' })).toEqual(OTHER_SITE);
  });

  it('is 403 before anything else is checked: a request from another site that is no handshake either', () => {
    expect(refusal({ Origin: 'https://evil.example' })).toEqual(OTHER_SITE);
  });
});
