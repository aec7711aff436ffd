import { describe, expect, expectTypeOf, it } from 'vitest';
import { adminRoute } from '../../src/client/pages/admin/route';
import { serverRoute } from '../../src/client/pages/server/route';
import type { Params } from '../../src/client/page-route';
import { usePageData } from '../../src/client/usePageData';
import { apiKeys, type ApiKey } from '../../src/shared/api-keys';
import type { AllWhitelistedServersResponse } from '../../src/shared/licences';
import type { AllowedServer } from '../../src/shared/servers';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { pageLoader, type LoaderContext } from '../../src/worker/pages/page-loader';
import { serverLoader } from '../../src/worker/pages/server';

const GUILD = '300000000000000001';
const settings = { id: GUILD, name: 'Kenji Lounge' } as ServerSettingsResponse;
const allowed: AllowedServer[] = [{ id: GUILD, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage', modulesOn: 0 }];
const all: AllWhitelistedServersResponse = { servers: [] };
type AnswerOf<K> = K extends ApiKey<infer T> ? T : never;
const context = (params: Params = {}): LoaderContext => ({ env: {} as Env, session: undefined, params, signal: new AbortController().signal });

// The checks that matter are made by the compiler (`npx tsc -b`): each @ts-expect-error fails the build once its line compiles.
describe("a page's loader and its components read the same keys", () => {
  it("a loader answers every key its route declares, each with that key's type, or none", () => {
    // @ts-expect-error: the route declares `whitelist` too: a loader that leaves it out does not compile.
    pageLoader(serverRoute, { load: async () => Promise.resolve({ settings, allowed }) });
    // @ts-expect-error: the admin page's `all` is every licence, not a server list.
    pageLoader(adminRoute, { load: async () => Promise.resolve({ all: allowed }) });
    pageLoader(adminRoute, { load: async () => Promise.resolve({ all }) });
    pageLoader(adminRoute, { load: async () => Promise.resolve(undefined) });
  });

  it('a page reads only the names its route declares, and gets their answer types', () => {
    const useSettingsPage = (params: Params) => {
      // @ts-expect-error: `invitable` is the server list page's key, not the settings page's.
      usePageData(serverRoute, params, 'invitable');
      return { settings: usePageData(serverRoute, params, 'settings'), allowed: usePageData(serverRoute, params, 'allowed') };
    };
    expectTypeOf(useSettingsPage).parameter(0).toEqualTypeOf<Params>();
    expectTypeOf<ReturnType<typeof useSettingsPage>['settings']['data']>().toEqualTypeOf<AnswerOf<ReturnType<typeof apiKeys.serverSettings>> | undefined>();
    expectTypeOf<ReturnType<typeof useSettingsPage>['allowed']['data']>().toEqualTypeOf<AllowedServer[] | undefined>();
  });

  it("puts each answer under its route's key, and nothing for a visitor the loader has nothing for", async () => {
    const admin = pageLoader(adminRoute, { load: async ({ session }) => Promise.resolve(session ? undefined : { all }) });
    expect(await admin.load(context())).toEqual({ '/api/all-whitelisted-servers': all });
    expect(pageLoader(adminRoute, { load: async () => Promise.resolve(undefined) }).keys({})).toEqual(['/api/all-whitelisted-servers']);
    expect(await pageLoader(adminRoute, { load: async () => Promise.resolve(undefined) }).load(context())).toEqual({});
  });

  it("the settings page's loader fills the keys its route names for that server", () => {
    expect(serverLoader.keys({ serverId: GUILD })).toEqual([`/api/server-settings?serverID=${GUILD}`, '/api/allowed-servers', '/api/whitelisted-servers']);
    expect(serverLoader.keys({ serverId: GUILD })).toEqual(Object.values(serverRoute.keys({ serverId: GUILD })));
  });
});
