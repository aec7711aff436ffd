import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyString, stringMatching } from './helpers/expect-helpers';
import { scriptJson } from '../../src/client/data-island';
import { COMMANDS } from '../../src/shared/commands';
import { setStats } from './helpers/stats-row';
import { LOADER_SETTLE_TURNS, withinBudget } from '../../src/worker/render/loaders';
import { PageNotFound } from '../../src/worker/pages/page-loader';
import { GUILDS, loginAs, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

describe('GET /api/stats', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM stats').run();
  });

  it('answers zeros before the first refresh, and the catalogue size', async () => {
    const res = await call('/api/stats');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ servers: 0, users: 0, commands: COMMANDS.length });
  });

  it('answers the stored figures with a cache header', async () => {
    await setStats(12, 3400);
    const res = await call('/api/stats');
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
    expect(await res.json()).toEqual({ servers: 12, users: 3400, commands: COMMANDS.length });
  });
});

// The first pages rendered pay for compiling the renderer: seconds on a busy machine.
describe('pages', { timeout: 15_000 }, () => {
  it('renders the landing page the same for everyone: the stats are asked for after hydration, their places kept', async () => {
    await setStats(1287, 482915);
    const res = await call('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain('<title>ServerManager');
    expect(html).toContain('Add to Discord');
    expect(html).not.toContain('482,915');
    expect(html.match(/<dd[^>]*>–<\/dd>/g)).toHaveLength(3);
    expect(html).toContain('99.9%');
  });

  it.each([
    ['/commands', 'Commands | ServerManager'],
    ['/commands.html', 'Commands | ServerManager'],
    ['/privacy-policy', 'Privacy Policy | ServerManager'],
    ['/tos.html', 'Terms of Service | ServerManager'],
    ['/terms-of-service', 'Terms of Service | ServerManager'],
    ['/contact.html', 'Contact | ServerManager'],
    ['/servermanager', 'Your Servers | ServerManager'],
    ['/bite.html', 'Your Servers | ServerManager'],
    ['/kenji', 'Kenji Library | ServerManager'],
    ['/glaive.html', 'Glaive Library | ServerManager'],
  ])('%s answers 200 titled %s', async (path, title) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it('answers unknown paths with 404 and the Page Not Found page', async () => {
    const res = await call('/definitely/not/here');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Return to Home');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: anyString(), code: 'NOT_FOUND' });
  });

  it('renders large pages inline, readable without JavaScript (no outlined Suspense chunks)', async () => {
    const html = await (await call('/commands')).text();
    expect(html).not.toContain('<template id="B:');
    expect(html).toMatch(/<main[^>]*>(<!--\$-->)?<section/);
  });

  it('renders every command of the catalogue into /commands and sends no second copy of it in the data island', async () => {
    const html = await (await call('/commands')).text();
    const island = /<script type="application\/json" id="__SM_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(island ?? '{}') as { fallback: Record<string, unknown> };
    expect(data.fallback).toEqual({});
    const list = /<ul class="command-list">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
    expect(list.match(/<li><button type="button" aria-expanded="false"><code>/g)).toHaveLength(COMMANDS.length);
  });
});

describe('security headers', () => {
  const sha256 = async (text: string) => {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
  };

  it.each(['/', '/commands', '/kenji', '/servers', '/no-such-page'])(
    '%s: every inline script that runs is allowed by its hash; no nonce, no unsafe-inline',
    async (path) => {
      const res = await call(path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
      const executable = inline.filter(([, attrs]) => !(attrs ?? '').includes('type="application/json"'));
      expect(executable.length).toBeGreaterThan(0);
      for (const [, , body] of executable) expect(scriptSrc).toContain(await sha256(body ?? ''));
    },
  );

  it('sends the same policy on every response, so a cached page still matches its header', async () => {
    const a = (await call('/commands')).headers.get('Content-Security-Policy');
    const b = (await call('/servers')).headers.get('Content-Security-Policy');
    expect(a).toBeTruthy();
    expect(a).toEqual(b);
  });

  it('forbids framing and sniffing', async () => {
    const res = await call('/commands');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
});

describe('CSRF guard', () => {
  it('rejects a cross-site POST', async () => {
    const res = await postJson('/api/logout', {}, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CSRF' });
  });

  it('rejects a POST whose body is not JSON', async () => {
    const res = await call('/api/logout', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(res.status).toBe(415);
  });
  /** A POST exactly as given: no Origin is added for us. */
  const rawPost = (headers: Record<string, string>, body?: BodyInit) =>
    exports.default.fetch(new Request('http://localhost/api/logout', { method: 'POST', headers, body, duplex: 'half' } as RequestInit));

  it('rejects an Origin that only starts like ours', async () => {
    expect((await rawPost({ Origin: 'http://localhost.evil.example' })).status).toBe(403);
    expect((await rawPost({ Origin: 'http://localhost:8787' })).status).toBe(403);
  });

  it('without an Origin, trusts only Sec-Fetch-Site: same-origin', async () => {
    expect((await rawPost({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(204);
    expect((await rawPost({ 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await rawPost({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await rawPost({})).status).toBe(403);
  });

  it('takes a POST without a body (Content-Length: 0) whatever its Content-Type', async () => {
    expect((await rawPost({ Origin: 'http://localhost', 'Content-Length': '0' })).status).toBe(204);
    expect((await rawPost({ Origin: 'http://localhost', 'Content-Length': '0', 'Content-Type': 'text/plain' })).status).toBe(204);
  });

  it('refuses a chunked body (no Content-Length) that is not JSON', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a=1'));
        controller.close();
      },
    });
    const res = await rawPost({ Origin: 'http://localhost', 'Content-Type': 'text/plain' }, body);
    expect(res.status).toBe(415);
  });
});

describe('data island', () => {
  it('cannot be closed early by data', () => {
    const text = scriptJson({ fallback: { x: '</script><script>alert(1)</script>', y: '<!--', z: '\u2028' } });
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text)).toEqual({ fallback: { x: '</script><script>alert(1)</script>', y: '<!--', z: '\u2028' } });
  });

  it('escapes hostile query strings in the rendered page', async () => {
    const html = await (await call('/commands?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});

describe('storage failures', () => {
  it('answers 503 with a sentence when D1 fails, and the page shows an error instead of crashing', async () => {
    await env.DB.prepare('ALTER TABLE stats RENAME TO stats_hidden').run();
    try {
      const api = await call('/api/stats');
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE', error: stringMatching(/\w+ \w+/) });
      const page = await call('/');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Add to Discord');
    } finally {
      await env.DB.prepare('ALTER TABLE stats_hidden RENAME TO stats').run();
    }
    expect((await call('/api/stats')).status).toBe(200);
  });
});

describe('loader budget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders without data a loader could not deliver in time: at the budget given, not the default 2.5 s', async () => {
    // The budget's clock is the test's to move: the answer comes when 50 ms have passed, however fast the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: unknown;
    void withinBudget('servers', () => new Promise(() => undefined), 50).then((fallback) => (answer = fallback));
    await vi.advanceTimersByTimeAsync(49);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({});
  });

  it('aborts the work it stops waiting for', async () => {
    let seen: AbortSignal | undefined;
    await withinBudget(
      'servers',
      (signal) => {
        seen = signal;
        return new Promise(() => undefined);
      },
      50,
    );
    expect(seen?.aborted).toBe(true);
  });

  it('passes through data that arrives in time and aborts nothing', async () => {
    let seen: AbortSignal | undefined;
    const answer = await withinBudget(
      'servers',
      (signal) => {
        seen = signal;
        return Promise.resolve({ '/api/allowed-servers': 1 });
      },
      1000,
    );
    expect(answer).toEqual({ '/api/allowed-servers': 1 });
    expect(seen?.aborted).toBe(false);
  });

  /** A loader that answers after `turns` microtask turns, as one whose reads were all made ahead does. */
  const answerAfter = (turns: number) => async () => {
    for (let turn = 0; turn < turns; turn++) await Promise.resolve();
    return { '/api/allowed-servers': turns };
  };
  // The budget's own turns before it counts: the loader's error handler and the watch on its outcome.
  const WRAPPER_TURNS = 2;

  it.each([
    ['at once', 0, false],
    ['within its settle turns', LOADER_SETTLE_TURNS - WRAPPER_TURNS, false],
    ['one turn later', LOADER_SETTLE_TURNS - WRAPPER_TURNS + 1, true],
  ])('arms its timer only for a loader that does not answer %s', async (_when, turns, armed) => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      expect(await withinBudget('servers', answerAfter(turns))).toEqual({ '/api/allowed-servers': turns });
      expect(timers.mock.calls.length > 0).toBe(armed);
    } finally {
      timers.mockRestore();
    }
  });

  it('passes on a verdict given at once without a timer', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await expect(withinBudget('server', () => Promise.reject(new PageNotFound()))).rejects.toBeInstanceOf(PageNotFound);
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
  });
});

// Renders a dozen pages with their loaders: seconds on a busy machine.
describe('loaders fill exactly the keys their pages read (see tests/client/loader-keys.test.tsx)', { timeout: 15_000 }, () => {
  const islandKeys = async (path: string, cookie?: string) => {
    const html = await (await call(path, { cookie })).text();
    const json = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    return Object.keys((JSON.parse(json) as { fallback: Record<string, unknown> }).fallback).sort();
  };

  it('for visitors and logged-in owners and admins', async () => {
    const owner = await loginAs(USERS.owner);
    const admin = await loginAs(USERS.admin);
    // A prerendered page holds nothing: not even who is signed in, which it asks after hydration.
    expect(await islandKeys('/')).toEqual([]);
    expect(await islandKeys('/commands', owner)).toEqual([]);
    expect(await islandKeys('/servers', owner)).toEqual(['/api/allowed-servers', '/api/check-auth', '/api/invitable-servers', '/api/whitelisted-servers']);
    expect(await islandKeys(`/server/${GUILDS.kenjiLounge}`, owner)).toEqual([
      '/api/allowed-servers',
      '/api/check-auth',
      `/api/server-settings?serverID=${GUILDS.kenjiLounge}`,
      '/api/whitelisted-servers',
    ]);
    expect(await islandKeys('/admin', admin)).toEqual(['/api/all-whitelisted-servers', '/api/check-auth']);
  });
});

describe("a settings page's title names the server, and the module", () => {
  it('the overview and a module, for someone who may open them', async () => {
    const owner = await loginAs(USERS.owner);
    expect(await (await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner })).text()).toContain('<title>Kenji Lounge | ServerManager</title>');
    const module = await (await call(`/server/${GUILDS.kenjiLounge}/reaction-role`, { cookie: owner })).text();
    expect(module).toContain('<title>Reaction Role · Kenji Lounge | ServerManager</title>');
    expect(module).toContain('<meta property="og:title" content="Reaction Role · Kenji Lounge | ServerManager">');
  });

  it('a visitor who may not open the server gets the generic title, and no server name', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await call(`/server/${GUILDS.lofiCafe}/reaction-role`, { cookie: owner });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('<title>Server Settings | ServerManager</title>');
    expect(html).not.toContain('Lofi');
  });

  it('a logged-out visitor: the generic title', async () => {
    expect(await (await call(`/server/${GUILDS.kenjiLounge}/reaction-role`)).text()).toContain('<title>Server Settings | ServerManager</title>');
  });
});

describe('a settings page the user may not open answers 403 and says how to get in', () => {
  it('a server they are a plain member of: no role has access', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await call(`/server/${GUILDS.lofiCafe}`, { cookie: owner });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('You can&#x27;t open this server&#x27;s settings');
    expect(html).toContain('in the Access panel of this server&#x27;s settings');
    expect(html).not.toContain('Page Not Found');
    // The island says why, under a key the page never fetches; no settings are in it.
    expect(html).toContain(`"/api/server-settings?serverID=${GUILDS.lofiCafe}#denied":{"code":"NO_ACCESS"`);
    expect(html).not.toContain(`"/api/server-settings?serverID=${GUILDS.lofiCafe}":`);
  });

  it('a server they manage without the bot: add it', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await call(`/server/${GUILDS.ownerSandbox}`, { cookie: owner });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('The bot is not in this server yet');
    expect(html).toContain(`href="/api/invite?guild_id=${GUILDS.ownerSandbox}"`);
  });
});

/** The page the server names in its data island (src/client/data-island.ts, IslandPage). */
const islandPage = (html: string): unknown => {
  const json = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return (JSON.parse(json) as { page?: unknown }).page;
};

describe('the data island names the page the browser hydrates, without the route table', () => {
  it('the route as the shell reads it (no description, no keys), the address’s params and the page’s module', async () => {
    const owner = await loginAs(USERS.owner);
    const html = await (await call(`/server/${GUILDS.kenjiLounge}/logs`, { cookie: owner })).text();
    expect(islandPage(html)).toEqual({
      route: { id: 'server', title: 'Server Settings | ServerManager', chrome: 'main', toasts: true },
      params: { serverId: GUILDS.kenjiLounge, module: 'logs' },
      source: 'src/client/pages/server/page.tsx',
      module: '/src/client/pages/server/page.tsx',
    });
  });

  it('a prerendered page, and a library’s (built once for everyone)', async () => {
    expect(islandPage(await (await call('/commands')).text())).toEqual({
      route: { id: 'commands', title: 'Commands | ServerManager', chrome: 'main' },
      params: {},
      source: 'src/client/pages/commands/page.tsx',
      module: '/src/client/pages/commands/page.tsx',
    });
    expect(islandPage(await (await call('/kenji')).text())).toEqual({
      route: { id: 'kenji', title: 'Kenji Library | ServerManager', chrome: 'music' },
      params: {},
      source: 'src/client/pages/library/page.tsx',
      module: '/src/client/pages/library/page.tsx',
    });
  });
});

describe('a settings page that does not exist for the visitor answers 404', () => {
  it.each(['/server/abc', '/server/1234567890123456', '/server/123456789012345678901', '/server/30000000000000000x'])('%s', async (path) => {
    const owner = await loginAs(USERS.owner);
    const res = await call(path, { cookie: owner });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    // The browser hydrates the page the island names: the 404 page, at this address.
    expect(islandPage(html)).toEqual({
      route: { id: 'not-found', title: 'Page Not Found | ServerManager', chrome: 'main' },
      params: {},
      source: 'src/client/pages/not-found/page.tsx',
      module: '/src/client/pages/not-found/page.tsx',
    });
  });

  it('a server the user is not in at all', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await call(`/server/${GUILDS.adminHq}`, { cookie: owner });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('but a server the user manages renders, with 17 and 20 digit ids still taken as ids', async () => {
    const owner = await loginAs(USERS.owner);
    expect((await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner })).status).toBe(200);
    // A well-formed id the user cannot manage is a 404, not a validation error, at both ends of the pattern.
    for (const id of ['12345678901234567', '12345678901234567890']) {
      expect((await call(`/server/${id}`, { cookie: owner })).status, id).toBe(404);
    }
  });
});

describe("a server's modules each have an address", () => {
  it.each(['anti-nuke', 'anti-mp3', 'auto-role', 'welcome-message', 'jail', 'logs', 'reaction-role', 'starboard', 'disabled-commands', 'ticket'])(
    '/server/{id}/%s renders that module on the server',
    async (module) => {
      const owner = await loginAs(USERS.owner);
      const res = await call(`/server/${GUILDS.kenjiLounge}/${module}`, { cookie: owner });
      expect(res.status).toBe(200);
      const html = await res.text();
      // The module's own view (its current entry in the navigation), with the same data island as the overview.
      expect(html).toContain(`href="/server/${GUILDS.kenjiLounge}/${module}" aria-current="page"`);
      expect(html).toContain(`"/api/server-settings?serverID=${GUILDS.kenjiLounge}":`);
    },
  );

  it('the overview holds every module as a card, a switch only for those ready to switch, and a module view holds its switch', async () => {
    const owner = await loginAs(USERS.owner);
    const overview = await (await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner })).text();
    expect(overview).toContain('id="modules-heading"');
    // A fresh server: Anti-Nuke and Anti-MP3 need nothing to switch on; the others need setup first.
    expect([...overview.matchAll(/role="switch" aria-checked="false" aria-label="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'Anti-Nuke module',
      'Anti-MP3 module',
    ]);
    expect(overview).not.toContain('Enable Logs');
    const logs = await (await call(`/server/${GUILDS.kenjiLounge}/logs`, { cookie: owner })).text();
    expect(logs).toContain('Enable Logs');
    expect(logs).not.toContain('Enable Auto-Role');
    expect(logs).not.toContain('id="modules-heading"');
  });

  it.each(['no-such-module', 'logs-2', 'anti%2', 'jail%2Fx'])('an address naming no module (%s) is the 404 page, logged in or not', async (module) => {
    const owner = await loginAs(USERS.owner);
    for (const cookie of [owner, undefined]) {
      const res = await call(`/server/${GUILDS.kenjiLounge}/${module}`, { cookie });
      expect(res.status).toBe(404);
      expect(res.headers.get('Location')).toBeNull();
      expect(await res.text()).toContain('Page Not Found');
    }
  });

  it.each([
    ['Logs', 'logs'],
    ['ANTI-NUKE/', 'anti-nuke'],
    ['antinuke', 'anti-nuke'],
    ['serverDisabledCommands', 'disabled-commands'],
    ['welcomemessage?enable=1', 'welcome-message?enable=1'],
    ['anti%2Dnuke', 'anti-nuke'],
  ])('/server/{id}/%s is a permanent redirect to its one address', async (given, canonical) => {
    const res = await call(`/server/${GUILDS.kenjiLounge}/${given}`);
    expect(res.status).toBe(308);
    expect(res.headers.get('Location')).toBe(`/server/${GUILDS.kenjiLounge}/${canonical}`);
  });

  it('a module of a server the user may not open answers 403 and says how to get in', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await call(`/server/${GUILDS.lofiCafe}/logs`, { cookie: owner });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('You can&#x27;t open this server&#x27;s settings');
  });
});
