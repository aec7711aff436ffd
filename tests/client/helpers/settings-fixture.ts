import { vi } from 'vitest';
import { applySettingChange, defaultSettings, type ServerSettingsResponse } from '../../../src/shared/settings/index';
import type { SectionName } from '../../../src/shared/settings/registry';
import { jsonBody } from './expect-helpers';

/** Kenji Lounge as its owner's settings page sees it, licensed, never saved: override what a test is about. */
export const kenjiSettings = (over: Partial<ServerSettingsResponse> = {}): ServerSettingsResponse => ({
  id: '300000000000000001',
  name: 'Kenji Lounge',
  access: 'manage',
  memberCount: 1284,
  emojis: [],
  ...defaultSettings(),
  whitelist: { expiresAt: null, active: true },
  roles: [
    { id: '400000000000001001', name: 'Listeners', color: 0, position: 1, managed: false },
    { id: '400000000000001002', name: 'DJ', color: 0, position: 2, managed: false },
  ],
  channels: [],
  botHighestRolePosition: 3,
  ...over,
});

/** Answers saves like the Worker (the change applied to what it stored), recording what was posted; other calls get an empty page. */
export function fakeSaves(start: ServerSettingsResponse): { key: string; value: unknown }[] {
  let stored = start;
  const posted: { key: string; value: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url !== '/api/update-server-settings') return Promise.resolve(new Response(JSON.stringify({ entries: [] }), { status: 200 }));
      const body = jsonBody(init) as { section: SectionName; key: string; value: unknown };
      posted.push({ key: body.key, value: body.value });
      stored = applySettingChange(stored, body.section, body.key, body.value);
      return Promise.resolve(new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return posted;
}
