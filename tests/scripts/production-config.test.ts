/**
 * What `npm run setup` accepts and what `setup --check` and `npm run deploy` report as missing. The demo's published
 * values and Discord's id sizes are literals here.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deployGaps,
  oauthRedirectUrl,
  PORTAL_SECRETS,
  readProductionVars,
  VAR_QUESTIONS,
  writeProductionVars,
  type ProductionVars,
  type VarName,
} from '../../scripts/production-config.ts';

const READY: ProductionVars = {
  APP_ORIGIN: 'https://dash.example.com',
  DISCORD_CLIENT_ID: '123456789012345678',
  ADMIN_IDS: '223456789012345678, 323456789012345678',
  SUPPORT_URL: 'https://discord.gg/example',
};
const ALL_SECRETS = new Set(['DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN', 'SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'BOT_API_TOKEN']);

const problemOf = (name: VarName, value: string) => {
  const question = VAR_QUESTIONS.find((q) => q.name === name);
  if (!question) throw new Error(`no question for ${name}`);
  return question.problem(value);
};

describe('the answers setup accepts', () => {
  it.each([
    ['APP_ORIGIN', 'https://dash.example.com'],
    ['APP_ORIGIN', 'https://dash.example.com:8443'],
    ['DISCORD_CLIENT_ID', '12345678901234567'],
    ['DISCORD_CLIENT_ID', '12345678901234567890'],
    ['ADMIN_IDS', '223456789012345678'],
    ['ADMIN_IDS', ' 223456789012345678 ,323456789012345678,'],
    ['SUPPORT_URL', 'https://discord.gg/example'],
  ] as const)('%s = %s', (name, value) => {
    expect(problemOf(name, value)).toBeNull();
  });

  it.each([
    ['APP_ORIGIN', 'http://dash.example.com', 'https origin'],
    ['APP_ORIGIN', 'https://dash.example.com/', 'https origin'],
    ['APP_ORIGIN', 'https://dash.example.com/app', 'https origin'],
    ['APP_ORIGIN', 'dash.example.com', 'https origin'],
    ['DISCORD_CLIENT_ID', '1234567890123456', '17–20 digits'],
    ['DISCORD_CLIENT_ID', '123456789012345678901', '17–20 digits'],
    ['DISCORD_CLIENT_ID', '200000000000000001', "demo's published value"],
    ['ADMIN_IDS', ' , ', 'at least one'],
    ['ADMIN_IDS', '223456789012345678,12345', '12345 is not a user id'],
    ['ADMIN_IDS', '223456789012345678, 100000000000000001', "demo's published value"],
    ['SUPPORT_URL', 'http://discord.gg/example', 'https link'],
    ['SUPPORT_URL', 'discord.gg/example', 'https link'],
  ] as const)('refuses %s = %s (%s)', (name, value, why) => {
    expect(problemOf(name, value)).toContain(why);
  });

  it.each([
    ['DISCORD_CLIENT_SECRET', 'demo-client-secret-for-the-fake-discord-only'],
    ['DISCORD_BOT_TOKEN', 'demo-bot-token-for-the-fake-discord-only-0123'],
  ])("refuses the demo's %s, and a secret under 32 bytes", (name, demo) => {
    const question = PORTAL_SECRETS.find((q) => q.name === name);
    expect(question?.problem(demo)).toContain("demo's published value");
    expect(question?.problem('k'.repeat(31))).toContain('at least 32 bytes');
    expect(question?.problem('k'.repeat(32))).toBeNull();
  });
});

describe('what a deploy still lacks', () => {
  it('nothing when every var holds and every secret is set', () => {
    expect(deployGaps(READY, ALL_SECRETS)).toEqual([]);
  });

  it('each var missing or wrong, and each secret not set, one line each', () => {
    const secrets = new Set([...ALL_SECRETS].filter((name) => name !== 'BOT_API_TOKEN' && name !== 'DISCORD_BOT_TOKEN'));
    expect(deployGaps({ ...READY, APP_ORIGIN: undefined, DISCORD_CLIENT_ID: '200000000000000001' }, secrets)).toEqual([
      'APP_ORIGIN is not set in production.vars.json',
      "DISCORD_CLIENT_ID is the demo's published value; use your own",
      'the secret DISCORD_BOT_TOKEN is not set',
      'the secret BOT_API_TOKEN is not set',
    ]);
  });

  it('no secret line when the account could not be asked', () => {
    expect(deployGaps({ ...READY, SUPPORT_URL: '' }, null)).toEqual(['SUPPORT_URL is not set in production.vars.json']);
  });
});

describe('production.vars.json', () => {
  it('is written in the questions’ order and read back, ignoring what is not a var', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'setup-')), 'production.vars.json');
    writeProductionVars({ SUPPORT_URL: READY.SUPPORT_URL, APP_ORIGIN: READY.APP_ORIGIN }, file);
    expect(readFileSync(file, 'utf8')).toBe(`{\n  "APP_ORIGIN": "https://dash.example.com",\n  "SUPPORT_URL": "https://discord.gg/example"\n}\n`);
    writeFileSync(file, JSON.stringify({ ...READY, SESSION_SECRET: 'x', ADMIN_IDS: 5 }));
    expect(readProductionVars(file)).toEqual({ APP_ORIGIN: READY.APP_ORIGIN, DISCORD_CLIENT_ID: READY.DISCORD_CLIENT_ID, SUPPORT_URL: READY.SUPPORT_URL });
  });

  it('is nothing when absent, and an error when it is not one object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'setup-'));
    expect(readProductionVars(join(dir, 'absent.json'))).toEqual({});
    for (const text of ['[]', 'null', '42', '"text"']) {
      writeFileSync(join(dir, 'other.json'), text);
      expect(() => readProductionVars(join(dir, 'other.json')), text).toThrow('must hold one JSON object');
    }
  });
});

it("prints the Worker's login callback as the redirect to register", () => {
  expect(oauthRedirectUrl('https://dash.example.com')).toBe('https://dash.example.com/api/successful-auth');
});
