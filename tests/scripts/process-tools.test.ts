import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WRANGLER_BIN } from '../../scripts/process-tools.ts';

describe("wrangler's launcher, which npm start runs so that stopping it stops wrangler", () => {
  it('runs with this Node and answers for the installed wrangler', async () => {
    const child = spawn(process.execPath, [WRANGLER_BIN, '--version'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(output).toMatch(/\d+\.\d+\.\d+/);
  }, 30_000); // a Node process loading wrangler: seconds on a busy machine
});
