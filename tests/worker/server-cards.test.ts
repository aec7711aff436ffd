import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AllowedServer } from '../../src/shared/servers';
import { clearKv, GUILDS, loginDemoUsers } from './helpers/login';
import { call, postJson } from './helpers/request';

let owner = '';
beforeAll(async () => {
  ({ owner } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

const switchOn = async (section: string, serverID: string = GUILDS.kenjiLounge) => {
  const res = await postJson('/api/update-server-settings', { serverID, section, key: 'enabled', value: true }, { cookie: owner });
  expect(res.status, await res.clone().text()).toBe(200);
};

const modulesOn = async () => {
  const list = await (await call('/api/allowed-servers', { cookie: owner })).json<AllowedServer[]>();
  return Object.fromEntries(list.map((server) => [server.id, server.modulesOn]));
};

const storeRow = (section: string, key: string, value: string) =>
  env.DB.prepare("INSERT INTO guild_settings (guild_id, section, key, value, updated_at, updated_by) VALUES (?, ?, ?, ?, 0, 'test')")
    .bind(GUILDS.kenjiLounge, section, key, value)
    .run();

describe('the server list says how many modules are on in each server', () => {
  it('answers 0 for a server where nothing was ever saved', async () => {
    expect(await modulesOn()).toEqual({ [GUILDS.kenjiLounge]: 0, [GUILDS.glaiveStudio]: 0 });
  });

  it('counts each switched-on module of its own server only', async () => {
    await switchOn('antimp3');
    expect(await modulesOn()).toEqual({ [GUILDS.kenjiLounge]: 1, [GUILDS.glaiveStudio]: 0 });
    await switchOn('antinuke');
    await switchOn('antimp3', GUILDS.glaiveStudio);
    expect(await modulesOn()).toEqual({ [GUILDS.kenjiLounge]: 2, [GUILDS.glaiveStudio]: 1 });
  });

  it('does not count a module switched off again, a section the dashboard does not know, nor another key set to true', async () => {
    await switchOn('antimp3');
    await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: false }, { cookie: owner });
    await storeRow('retiredmodule', 'enabled', 'true');
    await storeRow('antinuke', 'whitelist', 'true');
    expect(await modulesOn()).toEqual({ [GUILDS.kenjiLounge]: 0, [GUILDS.glaiveStudio]: 0 });
  });

  it("gives the page's first paint the same count", async () => {
    await switchOn('antimp3');
    const html = await (await call('/servers', { cookie: owner })).text();
    const island = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const allowed = (JSON.parse(island) as { fallback: Record<string, AllowedServer[]> }).fallback['/api/allowed-servers'];
    expect(allowed?.find((server) => server.id === GUILDS.kenjiLounge)?.modulesOn).toBe(1);
  });
});
