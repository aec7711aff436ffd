import type { WorkerConfig } from '@cloudflare/vite-plugin';

/**
 * `npm run dev`: Vite answers its own modules (`/@vite/client`, `/src/…`) and public/'s files, and the Worker everything
 * else, the prerendered pages' addresses included (no build writes their files there). With the production list
 * (`/*` first), the Worker would be asked for Vite's modules and answer 404, and no page would hydrate.
 * It also sets the public origin and, in demo mode, points the Worker at the fake Discord (scripts/dev.ts sets WORKER_VARS).
 */
export function devWorker(worker: WorkerConfig): void {
  if (process.env.WORKER_VARS) Object.assign(worker.vars, JSON.parse(process.env.WORKER_VARS) as Record<string, string>);
  if (worker.assets) worker.assets.run_worker_first = false;
}
