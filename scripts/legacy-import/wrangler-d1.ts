/**
 * D1 through `wrangler d1 execute`, the one tool that reaches both the local database (`--persist-to`) and
 * the real one (`--remote`). Reads use `--command --json`; a file's writes use `--file`, which wrangler
 * runs as one batch locally and as one import remotely: either way all statements apply or none.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WRANGLER_ENV } from '../process-tools.ts';

export type D1Target = { remote: true } | { remote: false; persistTo: string };

const targetFlags = (target: D1Target) => (target.remote ? ['--remote'] : ['--local', '--persist-to', target.persistTo]);

function wrangler(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['wrangler', 'd1', 'execute', 'DB', ...args], { env: WRANGLER_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One command line holds at most this much SQL (Linux refuses a single argument past 128 KiB). */
const MAX_COMMAND_CHARS = 100_000;

function commandGroups(statements: readonly string[]): string[][] {
  const groups: string[][] = [];
  let size = 0;
  for (const statement of statements) {
    const last = groups.at(-1);
    if (last && size + statement.length < MAX_COMMAND_CHARS) {
      last.push(statement);
      size += statement.length;
    } else {
      groups.push([statement]);
      size = statement.length;
    }
  }
  return groups;
}

interface ResultSet {
  results?: unknown[];
}

/** The rows of each statement, in order. */
export async function queryD1(target: D1Target, statements: readonly string[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const group of commandGroups(statements)) {
    const { code, stdout, stderr } = await wrangler([...targetFlags(target), '--json', '--command', group.join(';\n')]);
    if (code !== 0) throw new Error(`wrangler d1 execute failed while reading D1:\n${stdout}${stderr}`);
    const sets = JSON.parse(stdout) as ResultSet[];
    rows.push(...sets.map((set) => set.results ?? []));
  }
  return rows;
}

/** Runs a file's statements as one batch; throws (nothing written) when any of them fails. */
export async function executeBatch(target: D1Target, sql: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'import-legacy-'));
  const file = join(dir, 'batch.sql');
  try {
    writeFileSync(file, sql);
    const { code, stdout, stderr } = await wrangler([...targetFlags(target), '--yes', '--file', file]);
    if (code !== 0) throw new Error(`wrangler d1 execute failed; nothing of this file was written:\n${stdout}${stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
