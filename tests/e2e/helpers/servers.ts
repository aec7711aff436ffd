/**
 * The browser tests' apps (scripts/e2e-servers.ts): the one of Playwright worker k (its parallel index, unique among
 * the workers running at once) listens at E2E_PORT + 2k, its fake Discord one port up, its storage its own.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8790);
export const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));

export function serverOf(parallelIndex: number) {
  const port = FIRST_PORT + 2 * parallelIndex;
  return { baseURL: `http://localhost:${port}`, fakeDiscord: `http://127.0.0.1:${port + 1}`, stateDir: `.wrangler/e2e-state-${parallelIndex}` };
}
