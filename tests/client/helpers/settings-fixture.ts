import { defaultSettings, type ServerSettingsResponse } from '../../../src/shared/settings/index';

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
