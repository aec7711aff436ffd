// The dashboard at the bot's size: for each N, `npm start` with the fake Discord playing a bot in N guilds
// (FAKE_DISCORD_BOT_GUILDS; the demo owner is in 200 of them and manages 20), the bot's full sync through the
// bot API, then cold and warm logged-in pages (the first cold one 64 times at once): Discord calls and the invalid
// answers among them, wall time, workerd CPU as a ratio to a static asset, the Worker isolate's CPU; the cron; the
// largest value in KV and the size of D1.
//   node --import ./scripts/resolve-ts-extensions.ts scripts/bench/scale.ts [N,N,…]   (default 5,10000,100000,500000)
//   BENCH_DURATION (default 5 s per path), BENCH_CPU_ROUNDS (default 3), BENCH_CPU_REQUESTS, BENCH_PROFILE: as for npm run bench
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithStatic, measure, printLoadTable, type LoadRow, type LoadTarget } from './load.ts';
import { benchOptions } from './options.ts';
import { BENCH_BASE, BENCH_PERSIST_DIR, BENCH_PORT, benchWorkerd, loginCookie, startBenchServer, stopBenchServer } from './server.ts';

const DISCORD = `http://127.0.0.1:${BENCH_PORT + 1}`;
const sizes = (process.argv[2] ?? '5,10000,100000,500000').split(',').map(Number);
const options = benchOptions([], { BENCH_DURATION: '5', BENCH_CPU_ROUNDS: '3', ...process.env, BENCH_ONLY: 'load' });

interface ColdRow {
  path: string;
  status: number;
  ms: number;
  discordCalls: number;
  botCalls: number;
  /** Answers that count towards Discord's ban of the address (10,000 in 10 minutes). */
  invalid: number;
}

interface LoggedCall {
  auth: string;
  status: number;
}

async function discordCalls(): Promise<LoggedCall[]> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: LoggedCall[] }>();
  return calls;
}

const INVALID_STATUSES = new Set([401, 403, 429]);

function callFigures(calls: readonly LoggedCall[]): Pick<ColdRow, 'discordCalls' | 'botCalls' | 'invalid'> {
  return {
    discordCalls: calls.length,
    botCalls: calls.filter((c) => c.auth === 'bot').length,
    invalid: calls.filter((c) => INVALID_STATUSES.has(c.status)).length,
  };
}

/** One request on whatever the caches hold now, with the Discord calls it caused. */
async function timed(path: string, cookie: string): Promise<ColdRow> {
  await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
  const started = performance.now();
  const res = await fetch(`${BENCH_BASE}${path}`, { headers: { cookie, 'Accept-Encoding': 'gzip, deflate, br' } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  return { path, status: res.status, ms, ...callFigures(await discordCalls()) };
}

async function setDiscordFault(fault: Record<string, unknown>): Promise<void> {
  await fetch(`${DISCORD}/__demo/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
}

/**
 * `count` requests at once on a cold cache, as one user opening many tabs: the worst status, and the Discord calls of
 * them all. The user's guild list answers in 150 ms, about as far as Discord is from a Worker: on loopback it answers
 * before the next request has missed the cache, which would hide requests that each ask.
 */
async function parallelCold(path: string, cookie: string, count: number): Promise<ColdRow> {
  await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
  await setDiscordFault({ mode: 'slow', delayMs: 150, pathPrefix: '/users/@me/guilds' });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${BENCH_BASE}${path}`, { headers: { cookie, 'Accept-Encoding': 'gzip, deflate, br' } });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = performance.now() - started;
  await setDiscordFault({ mode: 'none' });
  const worst = Math.max(...answers);
  return { path: `${path} ×${count} at once`, status: worst, ms, ...callFigures(await discordCalls()) };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dir, name))
      .filter((path) => statSync(path).isFile());
  } catch {
    return [];
  }
}

/** The largest value KV holds (its blobs on disk) and the D1 database's size. */
function storedSizes(): { largestKvBytes: number; kvValues: number; d1Bytes: number } {
  const kv = filesUnder(join(BENCH_PERSIST_DIR, 'v3', 'kv')).filter((path) => path.includes('blobs'));
  const d1 = filesUnder(join(BENCH_PERSIST_DIR, 'v3', 'd1')).filter((path) => path.endsWith('.sqlite') || path.endsWith('.sqlite-wal'));
  return {
    largestKvBytes: Math.max(0, ...kv.map((path) => statSync(path).size)),
    kvValues: kv.length,
    d1Bytes: d1.reduce((sum, path) => sum + statSync(path).size, 0),
  };
}

async function cron(): Promise<ColdRow> {
  await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
  const started = performance.now();
  // wrangler dev --test-scheduled's trigger.
  const res = await fetch(`${BENCH_BASE}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/15 * * * *')}`);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  return { path: 'cron', status: res.status, ms, ...callFigures(await discordCalls()) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function runSize(n: number, first: boolean) {
  let syncLine = '';
  const server = await startBenchServer({ FAKE_DISCORD_BOT_GUILDS: String(n), ...(first ? {} : { SKIP_BUILD: '1' }) }, (text) => {
    const line = /Demo bot: .*/.exec(text)?.[0];
    if (line) syncLine = line;
  });
  try {
    const cookie = await loginCookie();
    // The first request of the session: 64 at once, as a user with many tabs, where one call must serve them all.
    const cold: ColdRow[] = [await parallelCold('/api/allowed-servers', cookie, 64)];
    const allowed = await (await fetch(`${BENCH_BASE}/api/allowed-servers`, { headers: { cookie } })).json<{ id: string }[]>();
    const serverId = allowed.at(-1)?.id;
    if (serverId === undefined) throw new Error('the demo owner has no server with the bot');
    // A server not yet viewed: its roles and channels are not cached either.
    cold.push(await timed(`/server/${serverId}`, cookie));
    cold.push(await timed('/servers', cookie));
    const warm = [await timed('/servers', cookie), await timed(`/server/${serverId}`, cookie), await timed('/api/allowed-servers', cookie)];
    const cronRow = await cron();

    console.log(`\n## ${n.toLocaleString('en-US')} bot guilds — ${syncLine}`);
    console.log('| request | status (the worst, for many) | wall ms | Discord calls | of them as the bot | invalid answers (401/403/429) |');
    console.log('|---|---|---|---|---|---|');
    for (const [label, rows] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      for (const r of rows) console.log(`| ${label} ${r.path} | ${r.status} | ${r.ms.toFixed(0)} | ${r.discordCalls} | ${r.botCalls} | ${r.invalid} |`);
    }
    console.log(`| cron | ${cronRow.status} | ${cronRow.ms.toFixed(0)} | ${cronRow.discordCalls} | ${cronRow.botCalls} | ${cronRow.invalid} |`);

    const targets: LoadTarget[] = [
      { name: '/servers', path: '/servers', cookie },
      { name: '/server/{id}', path: `/server/${serverId}`, cookie },
      { name: '/api/allowed-servers', path: '/api/allowed-servers', cookie },
    ];
    const staticTarget: LoadTarget = { name: 'static /favicon.svg', path: '/favicon.svg' };
    const measureTarget = (target: LoadTarget, reference?: LoadTarget) =>
      measure(BENCH_BASE, target, options.load, options.cpu, () => benchWorkerd(server), options.isolate, reference);
    const rows: LoadRow[] = [await measureTarget(staticTarget)];
    for (const target of targets) rows.push(await measureTarget(target, staticTarget));
    compareWithStatic(rows);
    printLoadTable(rows, options.load, options.cpu, options.isolate);

    const { count: invalidCount } = await (await fetch(`${DISCORD}/__demo/invalid-requests`)).json<{ count: number }>();
    console.log(`\nInvalid answers in the fake's current 10-minute window (the load above included): ${invalidCount} of the 10,000 that ban the address`);
    const stored = storedSizes();
    console.log(`\nStored: largest KV value ${kb(stored.largestKvBytes)} (${stored.kvValues} values); D1 ${kb(stored.d1Bytes)}`);
  } finally {
    stopBenchServer(server);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

console.log(`ServerManager scale bench, ${new Date().toISOString()}`);
for (const [index, n] of sizes.entries()) await runSize(n, index === 0);
