// npm run setup [-- --check]: once per deploy, after `npx wrangler login`. Asks for what only the operator knows
// (kept in production.vars.json), makes the random secrets, asks for the developer portal's two, and stores the
// secrets the Worker lacks with `wrangler secret bulk`. Run again, it keeps every answer on Enter and never replaces a
// secret already set. Without a terminal the answers come from the environment (APP_ORIGIN=… DISCORD_BOT_TOKEN=…).
// --check only reports what a deploy still lacks, and exits 1 when anything is.
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { putSecrets, secretNames } from './cloudflare-account.ts';
import {
  deployGaps,
  GENERATED_SECRETS,
  oauthRedirectUrl,
  PORTAL_SECRETS,
  PRODUCTION_VARS_FILE,
  readProductionVars,
  VAR_QUESTIONS,
  writeProductionVars,
  type OperatorQuestion,
} from './production-config.ts';

const { values: flags } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const interactive = process.stdin.isTTY;
const environment = process.env as Record<string, string | undefined>;

async function readSecretNames(): Promise<Set<string> | string> {
  try {
    return await secretNames();
  } catch (error) {
    return `cannot read the Worker's secrets (run npx wrangler login first): ${(error as Error).message}`;
  }
}

if (flags.check) {
  const secrets = await readSecretNames();
  const gaps = typeof secrets === 'string' ? [...deployGaps(readProductionVars(), null), secrets] : deployGaps(readProductionVars(), secrets);
  if (gaps.length === 0) console.log('Ready to deploy: every setting and secret is set.');
  else console.log(`Not ready to deploy (npm run setup fixes these):\n${gaps.map((gap) => `- ${gap}`).join('\n')}`);
  process.exit(gaps.length === 0 ? 0 : 1);
}

/** Asks until the answer has no problem; Enter keeps `current`. Secrets are read without echo. */
async function ask<Name extends string>(question: OperatorQuestion<Name>, current: string | undefined, hidden: boolean): Promise<string> {
  const given = environment[question.name];
  if (!interactive) {
    const value = given ?? current;
    const problem = value === undefined ? 'is not set' : question.problem(value);
    if (problem) throw new Error(`${question.name} ${problem} (without a terminal, set it in the environment)`);
    return value as string;
  }
  const output = hidden ? new Writable({ write: (_chunk, _encoding, done) => done() }) : process.stdout;
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  try {
    for (;;) {
      const shown = current === undefined ? '' : hidden ? ' [set]' : ` [${current}]`;
      process.stdout.write(`${question.question} (${question.hint})${shown}: `);
      const typed = (await reader.question('')).trim();
      const answer = typed === '' ? (current ?? '') : typed;
      if (hidden) process.stdout.write('\n');
      const problem = answer === '' ? 'is required' : question.problem(answer);
      if (!problem) return answer;
      console.log(`  ${question.name} ${problem}.`);
    }
  } finally {
    reader.close();
  }
}

const vars = readProductionVars();
for (const question of VAR_QUESTIONS) vars[question.name] = await ask(question, vars[question.name] ?? question.fallback, false);
writeProductionVars(vars);
console.log(`Saved ${PRODUCTION_VARS_FILE} (no secret in it: commit it in your fork).`);

const existing = await readSecretNames();
if (typeof existing === 'string') throw new Error(existing);
const toPut: Record<string, string> = {};
for (const question of PORTAL_SECRETS) if (!existing.has(question.name)) toPut[question.name] = await ask(question, undefined, true);
for (const name of GENERATED_SECRETS) if (!existing.has(name)) toPut[name] = randomBytes(32).toString('base64');
await putSecrets(toPut);

const kept = [...existing].filter((name) => !(name in toPut));
console.log(Object.keys(toPut).length > 0 ? `Set the secrets ${Object.keys(toPut).join(', ')}.` : 'Every secret was already set.');
if (kept.length > 0) console.log(`Kept the secrets already set: ${kept.join(', ')} (to change one: npx wrangler secret put NAME).`);
console.log(`\nIn the Discord developer portal, OAuth2 → Redirects, add:\n  ${oauthRedirectUrl(vars.APP_ORIGIN as string)}`);
if (toPut.BOT_API_TOKEN) console.log(`\nThe bot's token for /api/bot/* (shown this once; put it in the bot's configuration):\n  ${toPut.BOT_API_TOKEN}`);
// Cloudflare never shows a secret again, and rotating this key without ending every session needs the old value.
if (toPut.TOKEN_ENCRYPTION_KEY) {
  console.log(
    `\nTOKEN_ENCRYPTION_KEY (shown this once; keep it in a password manager, rotating it needs it: docs/operations.md):\n  ${toPut.TOKEN_ENCRYPTION_KEY}`,
  );
}
console.log('\nNext: npm run deploy');
