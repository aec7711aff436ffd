// `npm run setup` end to end without a terminal (answers from the environment), against a stand-in wrangler: what it
// writes, which secrets it puts, what it never replaces, and what `--check` reports.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const FAKE_WRANGLER = join(ROOT, 'tests/scripts/fixtures/fake-wrangler.ts');

interface FakeState {
  loggedIn: boolean;
  secrets?: Record<string, string>;
  calls?: string[];
}

let dir = '';
const stateFile = () => join(dir, 'wrangler-state.json');
const readState = () => JSON.parse(readFileSync(stateFile(), 'utf8')) as FakeState;

const ANSWERS = {
  APP_ORIGIN: 'https://dash.example.com',
  DISCORD_CLIENT_ID: '123456789012345678',
  ADMIN_IDS: '223456789012345678',
  SUPPORT_URL: 'https://discord.gg/example',
  DISCORD_CLIENT_SECRET: 'c'.repeat(32),
  DISCORD_BOT_TOKEN: 'b'.repeat(72),
};

function setup(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ['--import', join(ROOT, 'scripts/resolve-ts-extensions.ts'), join(ROOT, 'scripts/setup.ts'), ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', SETUP_WRANGLER_BIN: FAKE_WRANGLER, FAKE_WRANGLER_STATE: stateFile(), ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => done({ code, out }));
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'setup-cli-'));
  writeFileSync(stateFile(), JSON.stringify({ loggedIn: true } satisfies FakeState));
});

describe('npm run setup', { timeout: 30_000 }, () => {
  it('on a new Worker: writes the vars, puts all five secrets in one bulk call, prints the redirect and the bot token once', async () => {
    const { code, out } = await setup([], ANSWERS);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'production.vars.json'), 'utf8'))).toEqual({
      APP_ORIGIN: ANSWERS.APP_ORIGIN,
      DISCORD_CLIENT_ID: ANSWERS.DISCORD_CLIENT_ID,
      ADMIN_IDS: ANSWERS.ADMIN_IDS,
      SUPPORT_URL: ANSWERS.SUPPORT_URL,
    });
    const state = readState();
    expect(state.calls).toEqual(['secret list --format json', 'secret bulk']);
    const secrets = state.secrets ?? {};
    expect(Object.keys(secrets).sort()).toEqual(['BOT_API_TOKEN', 'DISCORD_BOT_TOKEN', 'DISCORD_CLIENT_SECRET', 'SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY']);
    expect(secrets.DISCORD_CLIENT_SECRET).toBe(ANSWERS.DISCORD_CLIENT_SECRET);
    // 32 random bytes in base64: 44 characters, each secret its own.
    for (const name of ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'BOT_API_TOKEN']) expect(secrets[name]).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(new Set([secrets.SESSION_SECRET, secrets.TOKEN_ENCRYPTION_KEY, secrets.BOT_API_TOKEN]).size).toBe(3);
    expect(out).toContain('https://dash.example.com/api/successful-auth');
    expect(out).toContain(secrets.BOT_API_TOKEN);
    expect(out).toContain(secrets.TOKEN_ENCRYPTION_KEY);
    expect(out).not.toContain(secrets.SESSION_SECRET);
    expect(out).not.toContain(ANSWERS.DISCORD_BOT_TOKEN);
  });

  it('run again: keeps the vars it has and never replaces a secret already set', async () => {
    await setup([], ANSWERS);
    const before = readState().secrets;
    writeFileSync(stateFile(), JSON.stringify({ ...readState(), secrets: { ...before, BOT_API_TOKEN: undefined } }));
    const { code, out } = await setup([]);
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'production.vars.json'), 'utf8'))).toMatchObject({ APP_ORIGIN: ANSWERS.APP_ORIGIN });
    const after = readState().secrets ?? {};
    expect(after.SESSION_SECRET).toBe(before?.SESSION_SECRET);
    expect(after.DISCORD_BOT_TOKEN).toBe(ANSWERS.DISCORD_BOT_TOKEN);
    expect(after.BOT_API_TOKEN).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(out).toContain('Set the secrets BOT_API_TOKEN.');
  });

  it('refuses a demo value, naming it, and puts no secret', async () => {
    const { code, out } = await setup([], { ...ANSWERS, DISCORD_CLIENT_ID: '200000000000000001' });
    expect(code).not.toBe(0);
    expect(out).toContain("DISCORD_CLIENT_ID is the demo's published value");
    expect(readState().calls).toBeUndefined();
  });
});

describe('npm run setup -- --check', { timeout: 30_000 }, () => {
  it('reports each gap and exits 1, changing nothing', async () => {
    const { code, out } = await setup(['--check']);
    expect(code).toBe(1);
    expect(out).toContain('- APP_ORIGIN is not set in production.vars.json');
    expect(out).toContain('- the secret BOT_API_TOKEN is not set');
    expect(readState().calls).toEqual(['secret list --format json']);
  });

  it('says when the account cannot be asked', async () => {
    writeFileSync(stateFile(), JSON.stringify({ loggedIn: false }));
    const { code, out } = await setup(['--check']);
    expect(code).toBe(1);
    expect(out).toContain("cannot read the Worker's secrets (run npx wrangler login first)");
  });

  it('exits 0 once setup ran', async () => {
    await setup([], ANSWERS);
    const { code, out } = await setup(['--check']);
    expect(out).toContain('Ready to deploy');
    expect(code).toBe(0);
  });
});
