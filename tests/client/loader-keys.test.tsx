import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/App';
import { namedAnswers, routeRules } from '../../src/client/page-route';
import { canonicalPath, matchAppRoute, ROUTES, type AppRoute } from '../../src/client/routes';
import type { CheckAuthResponse } from '../../src/shared/account';
import { COMMANDS } from '../../src/shared/commands';
import { defaultSettings } from '../../src/shared/settings/index';

const GUILD = '300000000000000001';
const AUTH: CheckAuthResponse = {
  authenticated: true,
  user: { id: '100000000000000001', username: 'demo_admin', global_name: 'Demo Admin', avatar: null },
  isAdmin: true,
};

/** What the Worker would answer for each URL the loaders fill (literal URLs: the test checks the keys too). */
const ANSWERS: Record<string, unknown> = {
  '/api/stats': { servers: 12, users: 3456, commands: COMMANDS.length },
  '/api/allowed-servers': [{ id: GUILD, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage' }],
  '/api/invitable-servers': [],
  '/api/whitelisted-servers': {
    servers: [],
    entries: [],
    limit: 1,
    used: 0,
    licensed: [GUILD],
    licences: [{ serverID: GUILD, expiresAt: Date.UTC(2030, 0, 1), active: true }],
    supportUrl: 'https://support.example',
  },
  '/api/all-whitelisted-servers': { servers: [] },
  [`/api/server-settings?serverID=${GUILD}`]: {
    id: GUILD,
    name: 'Kenji Lounge',
    ...defaultSettings(),
    // Unlicensed: the page's license banner reads the user's whitelist too.
    whitelist: { expiresAt: null, active: false },
    roles: [],
    channels: [],
    emojis: [],
    memberCount: null,
    botHighestRolePosition: 1,
  },
};

/**
 * The keys each page's first paint brings: its route's keys, which its Worker loader fills (src/worker/pages/; tests/worker/page-data.test.ts
 * checks them against the server's data island).
 */
const FIRST_PAINT: Record<string, string[]> = {
  servers: ['/api/allowed-servers', '/api/invitable-servers', '/api/whitelisted-servers'],
  server: [`/api/server-settings?serverID=${GUILD}`, '/api/allowed-servers', '/api/whitelisted-servers'],
  admin: ['/api/all-whitelisted-servers'],
};

/** Data a page deliberately loads after the first paint (no loader fills it); the audit loads when opened. */
const LOADED_AFTER_PAINT: Record<string, string[]> = {
  // A prerendered page: its figures are asked for after hydration.
  landing: ['/api/stats'],
  kenji: ['/api/get-kenji-songs?sizes=1'],
  glaive: ['/api/get-glaive-songs?sizes=1'],
};

const PATHS: Record<string, string> = { server: `/server/${GUILD}` };

let requested: string[] = [];
beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(url);
      return new Promise(() => undefined);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('every page reads exactly the keys its first paint brings', () => {
  it.each(ROUTES.map((route: AppRoute) => [route.id, route] as const))('%s', async (id, route) => {
    const path = PATHS[id] ?? route.paths[0] ?? '/';
    const { params } = matchAppRoute(path);
    const fallback: Record<string, unknown> = { '/api/check-auth': AUTH };
    const keys = FIRST_PAINT[id] ?? [];
    expect(Object.values(route.keys?.(params) ?? {}), 'the keys its route declares').toEqual(keys);
    for (const key of keys) {
      expect(ANSWERS, `a fixture for ${key}`).toHaveProperty([key]);
      fallback[key] = ANSWERS[key];
    }
    await route.page.preload();
    // As in the browser after SSR: the router reads the window's location.
    window.history.replaceState(null, '', path);
    render(<App fallback={fallback} first={{ route, params }} />);
    // The title the server renders (from the same data) is the one the page keeps.
    const title = (await routeRules(route)).titleFrom?.(params, namedAnswers(route, params, fallback)) ?? route.title;
    await waitFor(() => expect(document.title).toBe(title));
    // What the page loads after its first paint is asked for; then SWR's mount effects, and what they put off to the
    // next frame (SWR defers a revalidation to one), have had their turn: anything else would have been fetched by now.
    const afterPaint = LOADED_AFTER_PAINT[id] ?? [];
    await waitFor(() => expect(requested).toEqual(expect.arrayContaining(afterPaint)));
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(requested).toEqual(afterPaint);
    // The server's data was enough for the page itself: no loading state for what the loaders provide.
    if (keys.length > 0) expect(document.querySelector('main')?.textContent).not.toMatch(/Loading/);
  });
});

describe('page addresses', () => {
  it('spells every variant of a page one way, and knows no page for the rest', async () => {
    expect(await canonicalPath('/commands')).toBe('/commands');
    expect(await canonicalPath('/Commands/')).toBe('/commands');
    expect(await canonicalPath('/server/ABC/')).toBe('/server/ABC');
    expect(await canonicalPath('/tos')).toBe('/tos');
    expect(await canonicalPath('/')).toBe('/');
    expect(await canonicalPath('//')).toBe('/');
    expect(await canonicalPath('//evil.example')).toBeNull();
    expect(await canonicalPath('/server/')).toBeNull();
  });

  it("spells a server's module by its title, takes the registry's names and any case, and knows no page for another name", async () => {
    expect(await canonicalPath('/server/ABC/logs')).toBe('/server/ABC/logs');
    expect(await canonicalPath('/Server/ABC/Logs/')).toBe('/server/ABC/logs');
    expect(await canonicalPath('/server/ABC/ANTI-NUKE')).toBe('/server/ABC/anti-nuke');
    expect(await canonicalPath('/server/ABC/antinuke')).toBe('/server/ABC/anti-nuke');
    expect(await canonicalPath('/server/ABC/serverDisabledCommands')).toBe('/server/ABC/disabled-commands');
    expect(await canonicalPath('/server/ABC/no-such-module')).toBeNull();
    expect(await canonicalPath('/server/ABC/logs/more')).toBeNull();
    expect(matchAppRoute('/server/ABC/welcome-message')).toMatchObject({ route: { id: 'server' }, params: { serverId: 'ABC', module: 'welcome-message' } });
  });

  it('prerenders only pages the same for everyone: fixed addresses, no first-paint data', () => {
    const prerendered = ROUTES.filter((r: AppRoute) => r.prerender === true);
    // The libraries are rendered by the Worker with their folders and songs, and kept in the edge cache (issue 37).
    expect(prerendered.map((r) => r.paths[0]).sort()).toEqual(['/', '/commands', '/contact', '/privacy-policy', '/terms-of-service']);
    for (const route of prerendered) {
      expect(FIRST_PAINT[route.id], route.id).toBeUndefined();
      for (const path of route.paths) expect(path, path).not.toContain(':');
    }
  });
});
