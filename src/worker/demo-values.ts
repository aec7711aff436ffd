/**
 * The values this repository publishes for its local demo: the demo Discord application and admin, and the demo's
 * secrets. Anyone can read them here, so a site served over https with one of them still set is refused (config.ts),
 * and `npm run setup -- --check` reports them.
 */
export const DEMO_CLIENT_ID = '200000000000000001';
export const DEMO_ADMIN_ID = '100000000000000001';

export const DEMO_SECRETS = {
  DISCORD_CLIENT_SECRET: 'demo-client-secret-for-the-fake-discord-only',
  DISCORD_BOT_TOKEN: 'demo-bot-token-for-the-fake-discord-only-0123',
  SESSION_SECRET: 'demo-session-secret-only-for-local-use-0123456789',
  TOKEN_ENCRYPTION_KEY: 'demo-token-encryption-key-only-for-local-use-0123',
  BOT_API_TOKEN: 'demo-bot-api-token-only-for-local-use-0123456789',
} as const;

const isDemoAdminList = (value: unknown) => typeof value === 'string' && value.split(',').some((id) => id.trim() === DEMO_ADMIN_ID);
const is = (demo: string) => (value: unknown) => value === demo;

/** Each setting with a demo value, in the order an operator sets them up, and how to recognise that value. */
const DEMO_TESTS: Readonly<Record<string, (value: unknown) => boolean>> = {
  DISCORD_CLIENT_ID: is(DEMO_CLIENT_ID),
  ADMIN_IDS: isDemoAdminList,
  ...Object.fromEntries(Object.entries(DEMO_SECRETS).map(([name, value]) => [name, is(value)])),
  // A previous key still opens tokens, so the demo's there is as bad as in TOKEN_ENCRYPTION_KEY.
  TOKEN_ENCRYPTION_KEY_PREVIOUS: is(DEMO_SECRETS.TOKEN_ENCRYPTION_KEY),
};

/** The names of the settings that still hold a demo value (ADMIN_IDS when the demo admin is one of its ids). */
export function settingsWithDemoValues(settings: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(DEMO_TESTS)
    .filter(([name, isDemo]) => isDemo(settings[name]))
    .map(([name]) => name);
}
