import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSettingsResponse } from '../../src/shared/settings';
import { SETTINGS_REGISTRY, type FieldKind } from '../../src/shared/settings-registry';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './login';
import { call, postJson } from './request';

// A value the demo guild Kenji Lounge accepts for each kind (dev/fake-discord/data.ts).
const SAMPLES: Record<FieldKind, unknown> = {
  toggle: true,
  userIds: ['100000000000000002', '100000000000000003'],
  assignableRole: '400000000000001001', // Listeners, below the bot's role
  role: '400000000000001004', // Moderators, above the bot: fine for a role that is only referenced
  textChannel: '500000000000001004', // #general
  messageId: '600000000000000001',
  emoji: '⭐',
  commands: ['ban', 'kick'],
};

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
  for (const [section, spec] of Object.entries(SETTINGS_REGISTRY)) {
    it(section, async () => {
      // Fields first, the switch last: its toggle rule needs them set.
      const keys = Object.keys(spec.fields).sort((a, b) => Number(a === 'enabled') - Number(b === 'enabled'));
      for (const key of keys) {
        const kind = (spec.fields as Record<string, { kind: FieldKind }>)[key]?.kind ?? 'toggle';
        const value = SAMPLES[kind];
        const saved = await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value }, { cookie: owner });
        expect(saved.status, `${section}.${key}`).toBe(200);
        // A value of the wrong type is refused and changes nothing.
        const wrong = await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value: { wrong: true } }, { cookie: owner });
        expect(wrong.status, `${section}.${key} with an object`).toBe(400);
      }
      const answer = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
      const stored = answer[section as keyof typeof SETTINGS_REGISTRY] as Record<string, unknown>;
      for (const key of keys) {
        const kind = (spec.fields as Record<string, { kind: FieldKind }>)[key]?.kind ?? 'toggle';
        expect(stored[key], `${section}.${key}`).toEqual(SAMPLES[kind]);
      }
      // The bot sees the same values.
      const bot = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, { headers: { Authorization: 'Bearer test-bot-api-token-0123456789abcdef' } });
      const botSettings = (await bot.json<{ settings: Record<string, Record<string, unknown>> }>()).settings;
      expect(botSettings[section]).toEqual(stored);
    });
  }
});
