/**
 * `cloudflare:workers` outside workerd (vitest.client.config.ts points the module here): what the Worker's Discord
 * client imports of it. Node keeps a process alive for pending work, so `waitUntil` has nothing to add.
 */
export function waitUntil(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}
