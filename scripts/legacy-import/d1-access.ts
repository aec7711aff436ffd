/**
 * The two ways the import reaches D1. Both run a file's statements all-or-nothing:
 * - local: wrangler's platform proxy (as `npm run seed` does) and `db.batch`, which D1 runs as one transaction;
 * - remote: `wrangler d1 execute --remote`: reads with `--command --json`, writes with `--file`, which D1
 *   takes as one import that rolls back entirely when a statement fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { WRANGLER_ENV } from '../process-tools.ts';
import { sqlFile } from './sql.ts';

export interface D1Access {
  /** The rows of each statement, in order. */
  query(statements: readonly string[]): Promise<unknown[][]>;
  /** Runs the statements as one batch; throws, having written nothing, when any of them fails. */
  batch(statements: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export async function localD1(persistTo: string): Promise<D1Access> {
  const { env, dispose } = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${persistTo}/v3` } });
  const run = (statements: readonly string[]) => env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
  return {
    query: async (statements) => (await run(statements)).map((result) => result.results),
    batch: async (statements) => {
      await run(statements);
    },
    close: dispose,
  };
}

function wrangler(args: string[]): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['wrangler', 'd1', 'execute', 'DB', ...args], { env: WRANGLER_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, output: `${stdout}${stderr}` }));
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

/** D1 through the wrangler CLI; `where` is `['--remote']`, or `['--local', '--persist-to', dir]` to try the same path locally. */
export function wranglerD1(where: readonly string[]): D1Access {
  return {
    async query(statements) {
      const rows: unknown[][] = [];
      for (const group of commandGroups(statements)) {
        const { code, stdout, output } = await wrangler([...where, '--json', '--command', group.join(';\n')]);
        if (code !== 0) throw new Error(`wrangler d1 execute failed while reading D1:\n${output}`);
        rows.push(...(JSON.parse(stdout) as ResultSet[]).map((set) => set.results ?? []));
      }
      return rows;
    },
    async batch(statements) {
      const dir = mkdtempSync(join(tmpdir(), 'import-legacy-'));
      const file = join(dir, 'batch.sql');
      try {
        writeFileSync(file, sqlFile(statements));
        const { code, output } = await wrangler([...where, '--yes', '--file', file]);
        if (code !== 0) throw new Error(`wrangler d1 execute failed:\n${output}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    close: () => Promise.resolve(),
  };
}

export const remoteD1 = () => wranglerD1(['--remote']);
