import type { WorkerConfig } from '@cloudflare/vite-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { devWorker } from '../../scripts/dev-worker';

const production = (): WorkerConfig =>
  ({
    vars: { APP_ORIGIN: 'http://localhost:8787' },
    assets: { directory: './public', run_worker_first: ['/*', '!/assets/*', '!/favicon.svg', '!/commands'] },
  }) as unknown as WorkerConfig;

afterEach(() => {
  delete process.env.WORKER_VARS;
});

describe('the Worker under npm run dev', () => {
  it('leaves Vite its own modules: nothing goes to the Worker before the asset and module lookup', () => {
    const worker = production();
    devWorker(worker);
    expect(worker.assets?.run_worker_first).toBe(false);
  });

  it('takes the demo variables scripts/dev.ts passes, over wrangler.toml', () => {
    process.env.WORKER_VARS = JSON.stringify({ APP_ORIGIN: 'http://localhost:5173', DISCORD_BASE_URL: 'http://localhost:8788' });
    const worker = production();
    devWorker(worker);
    expect(worker.vars).toEqual({ APP_ORIGIN: 'http://localhost:5173', DISCORD_BASE_URL: 'http://localhost:8788' });
  });
});
