import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mintLiveTab, verifiedLiveTab } from '../../src/worker/live/tab-token';

/**
 * A settings page's tab id (X-Live-Tab) counts only for the session and guild it was made for. The header is the
 * client's to write: whatever it holds that is not such an id counts as no tab, and never fails the save it came with.
 */

const OWNER = { sessionId: 'session-of-kai', guildId: '300000000000000001' };

describe('a tab id the server made', () => {
  it('is 64 base64url characters and counts for its own session and guild only', async () => {
    const tab = await mintLiveTab(env.SESSION_SECRET, OWNER);
    expect(tab).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await verifiedLiveTab(env.SESSION_SECRET, OWNER, tab)).toBe(tab);
    expect(await verifiedLiveTab(env.SESSION_SECRET, { ...OWNER, sessionId: 'session-of-mia' }, tab)).toBeNull();
    expect(await verifiedLiveTab(env.SESSION_SECRET, { ...OWNER, guildId: '300000000000000002' }, tab)).toBeNull();
    expect(await verifiedLiveTab(`${env.SESSION_SECRET}x`, OWNER, tab)).toBeNull();
  });

  it('is another id each time a socket opens', async () => {
    expect(await mintLiveTab(env.SESSION_SECRET, OWNER)).not.toBe(await mintLiveTab(env.SESSION_SECRET, OWNER));
  });
});

describe('a header that is not a tab id counts as no tab, and never fails the request', () => {
  it('no header at all', async () => {
    expect(await verifiedLiveTab(env.SESSION_SECRET, OWNER, undefined)).toBeNull();
  });

  it('a real id with anything before or after it, or a character short', async () => {
    const tab = await mintLiveTab(env.SESSION_SECRET, OWNER);
    for (const header of [`!${tab}`, `${tab}!`, `A${tab}`, `${tab}A`, `${tab} `, `${tab}==`, tab.slice(1), tab.slice(0, -1)]) {
      await expect(verifiedLiveTab(env.SESSION_SECRET, OWNER, header), header).resolves.toBeNull();
    }
  });

  it('64 characters outside base64url, and an empty header', async () => {
    for (const header of ['!'.repeat(64), '+'.repeat(64), '/'.repeat(64), `${'A'.repeat(63)}=`, '']) {
      await expect(verifiedLiveTab(env.SESSION_SECRET, OWNER, header), header).resolves.toBeNull();
    }
  });
});
