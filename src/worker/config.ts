/**
 * The Worker refuses to run half-configured: without its secrets it would sign sessions with a guessable key or
 * store tokens it cannot protect, and on https (a real site) it refuses the demo's published values, which anyone
 * could use. Every request checks them (a few comparisons); a gap answers 503 naming the setting, never its value,
 * and nothing is read or written.
 */
import { isBotApiPath } from '../shared/bot-api';
import { isSnowflake } from '../shared/discord-ids';
import { settingsWithDemoValues } from './demo-values';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';
import type { AppEnv } from './hono-env';
import { messagePage } from './html/message-page';
import { isOrigin, isStrongSecret, MIN_SECRET_BYTES } from './setting-values';

const APP_SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN'] as const;
const BOT_API_SECRETS = ['BOT_API_TOKEN'] as const;
/** Optional, but when set it must be as strong as the others. */
const OPTIONAL_SECRETS = ['TOKEN_ENCRYPTION_KEY_PREVIOUS'] as const;

function setting(env: Env, name: string): unknown {
  return (env as unknown as Record<string, unknown>)[name];
}

/** A setting that keeps the Worker from serving, and what it must be instead. */
export interface SettingProblem {
  name: string;
  need: string;
}

const NEED_SECRET = `must be set to a secret of at least ${MIN_SECRET_BYTES} bytes`;
const NEED_ORIGIN = 'must be the public origin of the site (such as https://example.com)';
const NEED_CLIENT_ID = "must be the Discord application's id (17–20 digits)";
const NEED_OWN_VALUE = "still hold the demo's published values: set this site's own (npm run setup)";

/**
 * What is missing does not change while an isolate keeps its env, so it is worked out once per env object and
 * kind of path (every request asked it; each secret's strength is its UTF-8 length).
 */
const checked = new WeakMap<Env, Map<boolean, readonly SettingProblem[]>>();

/** The settings that are missing, too weak or the demo's for this path (empty when all is well). */
export function missingSettings(env: Env, path: string): readonly SettingProblem[] {
  const botApi = isBotApiPath(path);
  let known = checked.get(env);
  if (!known) checked.set(env, (known = new Map<boolean, readonly SettingProblem[]>()));
  let missing = known.get(botApi);
  if (!missing) known.set(botApi, (missing = findMissingSettings(env, botApi)));
  return missing;
}

function findMissingSettings(env: Env, botApi: boolean): SettingProblem[] {
  const secrets = botApi ? [...APP_SECRETS, ...BOT_API_SECRETS] : APP_SECRETS;
  const weak: string[] = secrets.filter((name) => !isStrongSecret(setting(env, name)));
  for (const name of OPTIONAL_SECRETS) {
    const value = setting(env, name);
    if (value !== undefined && value !== '' && !isStrongSecret(value)) weak.push(name);
  }
  const problems = weak.map((name) => ({ name, need: NEED_SECRET }));
  const origin = setting(env, 'APP_ORIGIN');
  if (!isOrigin(origin)) problems.push({ name: 'APP_ORIGIN', need: NEED_ORIGIN });
  const clientId = setting(env, 'DISCORD_CLIENT_ID');
  if (typeof clientId !== 'string' || !isSnowflake(clientId)) problems.push({ name: 'DISCORD_CLIENT_ID', need: NEED_CLIENT_ID });
  // The demo runs on http://localhost; a site on https is a real one, where anyone could use the published values.
  if (isOrigin(origin) && origin.startsWith('https:')) {
    for (const name of settingsWithDemoValues(env as unknown as Record<string, unknown>)) problems.push({ name, need: NEED_OWN_VALUE });
  }
  return problems;
}

/** One sentence a need: the settings that share it, then what they must be. */
export function notConfiguredMessage(problems: readonly SettingProblem[]): string {
  const needs = [...new Set(problems.map((problem) => problem.need))];
  const parts = needs.map(
    (need) =>
      `${problems
        .filter((problem) => problem.need === need)
        .map((problem) => problem.name)
        .join(', ')} ${need}`,
  );
  return `ServerManager is not configured: ${parts.join('; ')}.`;
}

export const requireConfiguration = createMiddleware<AppEnv>(async (c, next) => {
  const missing = missingSettings(c.env, c.req.path);
  if (missing.length === 0) return next();
  const message = notConfiguredMessage(missing);
  c.set('logDetail', `configuration: ${missing.map((problem) => problem.name).join(', ')} missing, too short or the demo's`);
  c.header('Cache-Control', 'no-store');
  if (c.req.path.startsWith('/api/')) return c.json(new ApiError(503, 'NOT_CONFIGURED', message).body, 503);
  return c.html(messagePage('Not configured', message, { href: '/', label: 'Try again' }, c.var.requestId), 503);
});
