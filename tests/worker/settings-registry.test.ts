import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleValue, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { SETTINGS_REGISTRY, type SectionName } from '../../src/shared/settings/registry';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

let owner = '';
beforeAll(async () => {
  await resetFake();
  owner = await loginAs(USERS.owner);
});
beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

describe('every module and field of the registry saves, validates and answers', () => {
  for (const [section, spec] of Object.entries(SETTINGS_REGISTRY) as [SectionName, (typeof SETTINGS_REGISTRY)[SectionName]][]) {
    it(section, async () => {
      // The kind table's sample for each field, picked from the demo guild Kenji Lounge as the page sees it.
      const guild = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
      // Fields first, the switch last: its toggle rule needs them set.
      const keys = Object.keys(spec.fields).sort((a, b) => Number(a === 'enabled') - Number(b === 'enabled'));
      const samples = Object.fromEntries(keys.map((key) => [key, sampleValue(section, key, guild)]));
      for (const key of keys) {
        const value = samples[key];
        const saved = await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: owner });
        expect(saved.status, `${section}.${key}`).toBe(200);
        // A value of the wrong type is refused and changes nothing.
        const wrong = await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value: { wrong: true } }, { cookie: owner });
        expect(wrong.status, `${section}.${key} with an object`).toBe(400);
      }
      const answer = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
      const stored = answer[section] as Record<string, unknown>;
      for (const key of keys) expect(stored[key], `${section}.${key}`).toEqual(samples[key]);
      // The bot sees the same values.
      const bot = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, { headers: { Authorization: 'Bearer test-bot-api-token-0123456789abcdef' } });
      const botSettings = (await bot.json<{ settings: Record<string, Record<string, unknown>> }>()).settings;
      expect(botSettings[section]).toEqual(stored);
    });
  }
});
