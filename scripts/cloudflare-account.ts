// What setup and deploy ask of the operator's Cloudflare account, through wrangler (its login, its account).
import { spawn } from 'node:child_process';
import { WRANGLER_BIN, WRANGLER_ENV } from './process-tools.ts';

interface WranglerResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The wrangler to run: the project's, or a stand-in the setup tests name (there is no Cloudflare account here). */
const wranglerBin = () => process.env.SETUP_WRANGLER_BIN ?? WRANGLER_BIN;

/** Runs wrangler with its output captured; `input` goes to its stdin (secrets never touch the disk). */
export function wrangler(args: string[], input?: string): Promise<WranglerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin(), ...args], { env: WRANGLER_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

const failure = (what: string, result: WranglerResult) => new Error(`${what} failed:\n${(result.stderr || result.stdout).trim()}`);

/** The names of the Worker's secrets; none before the Worker exists. Needs `wrangler login`. */
export async function secretNames(): Promise<Set<string>> {
  const result = await wrangler(['secret', 'list', '--format', 'json']);
  if (result.code !== 0) {
    if (/not found/i.test(result.stderr + result.stdout)) return new Set();
    throw failure('wrangler secret list', result);
  }
  const listed = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { name: string }[];
  return new Set(listed.map((secret) => secret.name));
}

/** Sets the secrets in one request (`wrangler secret bulk` creates the Worker when it does not exist yet). */
export async function putSecrets(secrets: Record<string, string>): Promise<void> {
  if (Object.keys(secrets).length === 0) return;
  const result = await wrangler(['secret', 'bulk'], JSON.stringify(secrets));
  if (result.code !== 0) throw failure('wrangler secret bulk', result);
}

/** Whether the database of this binding exists in the account yet (the first deploy creates it). */
export async function d1DatabaseExists(binding: string): Promise<boolean> {
  const result = await wrangler(['d1', 'info', binding, '--json']);
  if (result.code === 0) return true;
  if (/couldn't find/i.test(result.stderr + result.stdout)) return false;
  throw failure('wrangler d1 info', result);
}
