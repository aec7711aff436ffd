// What a production deploy needs from its operator, asked by `npm run setup`, checked by `setup --check` and by
// `npm run deploy` before anything is built. The vars live in production.vars.json (no secret in it: commit it in
// your fork); the secrets only in Cloudflare (`wrangler secret`), so this side knows their names, not their values.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isSnowflake } from '../src/shared/discord-ids.ts';
import { SUPPORT_URL } from '../src/shared/constants.ts';
import { API_BASE, OAUTH_CALLBACK_PATH } from '../src/shared/api-base.ts';
import { isOrigin, isStrongSecret, MIN_SECRET_BYTES } from '../src/worker/setting-values.ts';
import { settingsWithDemoValues } from '../src/worker/demo-values.ts';

export const PRODUCTION_VARS_FILE = 'production.vars.json';

export type VarName = 'APP_ORIGIN' | 'DISCORD_CLIENT_ID' | 'ADMIN_IDS' | 'SUPPORT_URL';
export type ProductionVars = Partial<Record<VarName, string>>;

export interface OperatorQuestion<Name extends string> {
  name: Name;
  question: string;
  /** Where the operator finds the answer. */
  hint: string;
  /** Why the answer cannot be used, or null. */
  problem: (value: string) => string | null;
  fallback?: string;
}

const isHttpsUrl = (value: string) => URL.canParse(value) && new URL(value).protocol === 'https:';
const isHttpsOrigin = (value: string) => isOrigin(value) && value.startsWith('https:');
const idList = (value: string) =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The question's own problem, else the demo's value (the Worker refuses those on https, config.ts). */
const notDemo =
  (name: VarName, problem: (value: string) => string | null) =>
  (value: string): string | null =>
    problem(value) ?? (settingsWithDemoValues({ [name]: value }).length > 0 ? "is the demo's published value; use your own" : null);

export const VAR_QUESTIONS: readonly OperatorQuestion<VarName>[] = [
  {
    name: 'APP_ORIGIN',
    question: 'Public origin of the site',
    hint: 'your custom domain (https://dashboard.example.com) or https://servermanager.<your-subdomain>.workers.dev',
    problem: (value) => (isHttpsOrigin(value) ? null : 'must be an https origin with nothing after the host, such as https://dashboard.example.com'),
  },
  {
    name: 'DISCORD_CLIENT_ID',
    question: "Discord application's id",
    hint: 'Discord developer portal → your application → General Information → Application ID',
    problem: notDemo('DISCORD_CLIENT_ID', (value) => (isSnowflake(value) ? null : 'must be an application id (17–20 digits)')),
  },
  {
    name: 'ADMIN_IDS',
    question: 'Admin user ids, comma-separated',
    hint: 'in Discord: Settings → Advanced → Developer Mode, then right-click a user → Copy User ID',
    problem: notDemo('ADMIN_IDS', (value) => {
      const ids = idList(value);
      if (ids.length === 0) return 'needs at least one user id';
      const bad = ids.find((id) => !isSnowflake(id));
      return bad === undefined ? null : `${bad} is not a user id (17–20 digits)`;
    }),
  },
  {
    name: 'SUPPORT_URL',
    question: 'Support link shown to owners',
    hint: 'an invite to your support server, or any https page',
    problem: (value) => (isHttpsUrl(value) ? null : 'must be an https link'),
    fallback: SUPPORT_URL,
  },
];

export type SecretName = 'DISCORD_CLIENT_SECRET' | 'DISCORD_BOT_TOKEN' | 'SESSION_SECRET' | 'TOKEN_ENCRYPTION_KEY' | 'BOT_API_TOKEN';

/** The secrets only the developer portal knows; the others setup makes itself. */
export const PORTAL_SECRETS: readonly OperatorQuestion<SecretName>[] = [
  {
    name: 'DISCORD_CLIENT_SECRET',
    question: 'OAuth2 client secret',
    hint: 'developer portal → your application → OAuth2 → Client Secret (Reset Secret shows it once)',
    problem: (value) => strongEnough(value) ?? notDemoSecret('DISCORD_CLIENT_SECRET', value),
  },
  {
    name: 'DISCORD_BOT_TOKEN',
    question: 'Bot token',
    hint: 'developer portal → your application → Bot → Reset Token',
    problem: (value) => strongEnough(value) ?? notDemoSecret('DISCORD_BOT_TOKEN', value),
  },
];
export const GENERATED_SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'BOT_API_TOKEN'] as const satisfies readonly SecretName[];
export const REQUIRED_SECRETS: readonly SecretName[] = [...PORTAL_SECRETS.map((secret) => secret.name), ...GENERATED_SECRETS];

const strongEnough = (value: string) => (isStrongSecret(value) ? null : `must be at least ${MIN_SECRET_BYTES} bytes`);
const notDemoSecret = (name: SecretName, value: string) => (settingsWithDemoValues({ [name]: value }).length > 0 ? "is the demo's published value" : null);

export function readProductionVars(file = PRODUCTION_VARS_FILE): ProductionVars {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} must hold one JSON object`);
  const vars: ProductionVars = {};
  for (const { name } of VAR_QUESTIONS) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === 'string') vars[name] = value;
  }
  return vars;
}

export function writeProductionVars(vars: ProductionVars, file = PRODUCTION_VARS_FILE): void {
  const ordered = Object.fromEntries(VAR_QUESTIONS.flatMap(({ name }) => (vars[name] === undefined ? [] : [[name, vars[name]]])));
  writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`);
}

/**
 * One line per thing a deploy still lacks: a var missing or wrong, a secret not set (empty when ready). `secretsSet`
 * is null when the account could not be asked; the caller says so once instead of naming each secret.
 */
export function deployGaps(vars: ProductionVars, secretsSet: ReadonlySet<string> | null): string[] {
  const gaps: string[] = [];
  for (const { name, problem } of VAR_QUESTIONS) {
    const value = vars[name];
    if (value === undefined || value === '') gaps.push(`${name} is not set in ${PRODUCTION_VARS_FILE}`);
    else {
      const why = problem(value);
      if (why) gaps.push(`${name} ${why}`);
    }
  }
  for (const name of REQUIRED_SECRETS) if (secretsSet && !secretsSet.has(name)) gaps.push(`the secret ${name} is not set`);
  return gaps;
}

/** The address to add under OAuth2 → Redirects in the developer portal: the Worker's own login callback. */
export const oauthRedirectUrl = (origin: string) => `${origin}${API_BASE}${OAUTH_CALLBACK_PATH}`;
