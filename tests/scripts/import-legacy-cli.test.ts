// `npm run import-legacy` end to end on a freshly migrated local D1, and the wrangler path `--remote` takes
// (SQL file → `wrangler d1 execute --file`, reads with `--command --json`) tried on the same local D1.
// Each step starts wrangler or workerd (about 25 s in all on an idle machine), so the whole story is one test;
// the rest of the CLI's logic (dry run, a failed file, files after it) is tested with a fake D1 in legacy-import.test.ts.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wranglerD1 } from '../../scripts/legacy-import/d1-access';
import { idsToRead, planFile } from '../../scripts/legacy-import/plan';
import { recordsOfExport } from '../../scripts/legacy-import/records';
import { readStatements, stateFromRows, writeStatements } from '../../scripts/legacy-import/sql';

const SAMPLES = ['tests/fixtures/legacy/whitelist.json', 'tests/fixtures/legacy/serversettings.json'];
const ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Text that SQL quoting and wrangler's statement splitter could get wrong.
const NAMES = ['Mika\'s "Place"', "'); DROP TABLE whitelist; --", '⭐ [Night] Owls 🎫', 'two\nlines', '-- not a comment; really', 'nul\u0000byte'];
const tricky = NAMES.map((name, index) =>
  JSON.stringify({ userID: `41234567890123458${index}`, userName: name, serverID: `81234567890123458${index}`, serverName: name, expiresAt: 1798761600000 }),
).join('\n');

let dir = '';

beforeAll(async () => {
  mkdirSync('.wrangler', { recursive: true });
  dir = mkdtempSync(join('.wrangler', 'legacy-import-test-'));
  writeFileSync(join(dir, 'tricky.json'), tricky);
  const migrated = await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir]);
  expect(migrated.code, migrated.stderr).toBe(0);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const importLegacy = (files: string[], ...options: string[]) =>
  run('npm', ['run', '--silent', 'import-legacy', '--', ...files, '--persist-to', dir, ...options]);

it('imports the samples, finds them unchanged the second time, and agrees with what the wrangler path wrote', async () => {
  const first = await importLegacy(SAMPLES);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('whitelist.json (written): imported 5, unchanged 0, rejected 2');
  expect(first.stdout).toContain('serversettings.json (written): imported 4, unchanged 0, rejected 3');
  expect(first.stdout).toContain('over the per-user limit of 1');
  expect(first.stdout).toContain("serverDisabledCommands.commandNames: 'fly' is not a command of the bot");

  // The remote path's transport, on the same database: one SQL file for the batch, rows back as JSON.
  const viaWrangler = wranglerD1(['--local', '--persist-to', dir]);
  const records = recordsOfExport(tricky);
  await viaWrangler.batch(writeStatements(planFile(records, { licences: new Map(), settings: new Map() }, Date.now()).writes, Date.now()));
  const reads = readStatements(idsToRead(records));
  const state = stateFromRows(reads, await viaWrangler.query(reads.map((read) => read.sql)));
  expect([...state.licences.values()].map((licence) => licence.serverName).sort()).toEqual([...NAMES].sort());

  const second = await importLegacy([...SAMPLES, join(dir, 'tricky.json')]);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain('whitelist.json (nothing to write): imported 0, unchanged 5, rejected 2');
  expect(second.stdout).toContain('serversettings.json (nothing to write): imported 0, unchanged 4, rejected 3');
  expect(second.stdout).toContain('tricky.json (nothing to write): imported 0, unchanged 6, rejected 0');
}, 90_000);

it('explains how to call it', async () => {
  const bare = await run('npm', ['run', '--silent', 'import-legacy']);
  expect(bare.code).toBe(2);
  expect(bare.stderr).toContain('Usage: npm run import-legacy');
}, 30_000);
