import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/App';
import { canonicalPath, matchAppRoute, ROUTES } from '../../src/client/routes';
import { loaderKeys } from '../../src/shared/api-keys';
import type { CheckAuthResponse } from '../../src/shared/api-types';
import { COMMANDS } from '../../src/shared/commands';
import { defaultSettings } from '../../src/shared/settings';

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

describe("every route's loader keys are the keys its page reads", () => {
  it.each(ROUTES.map((route) => [route.id, route] as const))('%s', async (id, route) => {
    const path = PATHS[id] ?? route.paths[0] ?? '/';
    const { params } = matchAppRoute(path);
    const fallback: Record<string, unknown> = { '/api/check-auth': AUTH };
    for (const loader of route.loaders) {
      for (const key of loaderKeys[loader](params)) {
        expect(ANSWERS, `a fixture for ${key}`).toHaveProperty([key]);
        fallback[key] = ANSWERS[key];
      }
    }
    await route.page.preload();
    // As in the browser after SSR: the router reads the window's location.
    window.history.replaceState(null, '', path);
    render(<App fallback={fallback} />);
    // The title the server renders (from the same data) is the one the page keeps.
    await waitFor(() => expect(document.title).toBe(route.titleFrom?.(params, fallback) ?? route.title));
    // Give SWR's mount effects their turn: anything not in the fallback would be fetched now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested).toEqual(LOADED_AFTER_PAINT[id] ?? []);
    // The server's data was enough for the page itself: no loading state for what the loaders provide.
    if (route.loaders.length > 0) expect(document.querySelector('main')?.textContent).not.toMatch(/Loading/);
  });
});

describe('page addresses', () => {
  it('spells every variant of a page one way, and knows no page for the rest', () => {
    expect(canonicalPath('/commands')).toBe('/commands');
    expect(canonicalPath('/Commands/')).toBe('/commands');
    expect(canonicalPath('/server/ABC/')).toBe('/server/ABC');
    expect(canonicalPath('/tos')).toBe('/tos');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('//')).toBe('/');
    expect(canonicalPath('//evil.example')).toBeNull();
    expect(canonicalPath('/server/')).toBeNull();
  });

  it("spells a server's module by its title, takes the registry's names and any case, and knows no page for another name", () => {
    expect(canonicalPath('/server/ABC/logs')).toBe('/server/ABC/logs');
    expect(canonicalPath('/Server/ABC/Logs/')).toBe('/server/ABC/logs');
    expect(canonicalPath('/server/ABC/ANTI-NUKE')).toBe('/server/ABC/anti-nuke');
    expect(canonicalPath('/server/ABC/antinuke')).toBe('/server/ABC/anti-nuke');
    expect(canonicalPath('/server/ABC/serverDisabledCommands')).toBe('/server/ABC/disabled-commands');
    expect(canonicalPath('/server/ABC/no-such-module')).toBeNull();
    expect(canonicalPath('/server/ABC/logs/more')).toBeNull();
    expect(matchAppRoute('/server/ABC/welcome-message')).toMatchObject({ route: { id: 'server' }, params: { serverId: 'ABC', module: 'welcome-message' } });
  });

  it('prerenders only pages the same for everyone: fixed addresses, no loader data', () => {
    const prerendered = ROUTES.filter((r) => r.prerender === true);
    expect(prerendered.map((r) => r.paths[0])).toEqual(['/', '/commands', '/privacy-policy', '/terms-of-service', '/contact', '/kenji', '/glaive']);
    for (const route of prerendered) {
      expect(route.loaders, route.id).toEqual([]);
      for (const path of route.paths) expect(path, path).not.toContain(':');
    }
  });
});
