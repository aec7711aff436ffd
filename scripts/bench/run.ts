// npm run bench: bundle sizes, load figures (req/s, workerd and Worker-isolate CPU per request), hydration against first
// paint (scripts/bench/hydration.ts) and Lighthouse scores for the production build. Options (flags win over variables):
//   --only load[,bundle,hydration,lighthouse]  BENCH_ONLY   sections to run (default all four)
//   --cpu pass|load                  BENCH_CPU    CPU column from a separate pass per path (default) or the timed load
//   BENCH_DURATION (seconds per path, default 30), BENCH_CONNECTIONS (default 64): the timed load
//   BENCH_CPU_REQUESTS (default 1000), BENCH_CPU_CONNECTIONS (default 4): each CPU pass and the profiled pass
//   BENCH_CPU_ROUNDS (default 7): CPU passes per path, each between two passes of the static asset
//   --paths /server/{id}[,…]         BENCH_PATHS  the load rows to measure, by the first word of their name (default all)
//   --profile on|off                 BENCH_PROFILE  profiled passes per path for the Worker isolate's CPU (default on)
//   BENCH_PROFILE_ROUNDS (default 5): profiled passes per path, the figure their median
//   BENCH_PROFILE_INTERVAL_US (default 100): the V8 sampling interval asked for
//   BENCH_PORT (default 8810; the fake Discord takes the next port), SKIP_BUILD=1 to serve the existing dist/
import { cpus } from 'node:os';
import { bundleReport, printBundleReport } from './bundle.ts';
import { hostSpeed, hostSpeedText } from './host-speed.ts';
import { measureHydration, printHydration } from './hydration.ts';
import { printLighthouse, runLighthouse } from './lighthouse.ts';
import { compareWithStatic, measure, printLoadTable, printRatioFloor, type LoadRow, type LoadTarget } from './load.ts';
import { benchOptions } from './options.ts';
import { BENCH_BASE, benchWorkerd, loginCookie, startBenchServer, stopBenchServer } from './server.ts';

const options = benchOptions();

/** Measured first; the other rows are compared with it. */
const STATIC_TARGET: LoadTarget = { name: 'static /favicon.svg', path: '/favicon.svg' };
/** The page with the CPU goal (issue 38), and a logged-in answer that only confirms the session: its ratio's floor. */
const GOAL_PAGE = '/server/{id} settings (logged in)';
const SESSION_ONLY = '/api/check-auth (logged in, the session alone)';

function loadTargets(cookie: string): LoadTarget[] {
  return [
    { name: '/', path: '/' },
    { name: '/commands', path: '/commands' },
    { name: '/kenji', path: '/kenji' },
    { name: '/api/stats', path: '/api/stats' },
    { name: '/api/get-kenji-songs', path: '/api/get-kenji-songs' },
    { name: '/servers (logged in)', path: '/servers', cookie },
    { name: GOAL_PAGE, path: '/server/300000000000000001', cookie },
    { name: SESSION_ONLY, path: '/api/check-auth', cookie },
    { name: '/api/server-settings (logged in)', path: '/api/server-settings?serverID=300000000000000001', cookie },
  ];
}

console.log(`ServerManager bench, ${new Date().toISOString()}, ${cpus().length}× ${cpus()[0]?.model ?? 'CPU'}, ${hostSpeedText(hostSpeed())}`);
const server = await startBenchServer();
try {
  if (options.sections.has('bundle')) printBundleReport(bundleReport());
  if (options.sections.has('load')) {
    const workerd = benchWorkerd(server);
    console.log(`\nworkerd pids: Worker ${workerd.app.join(', ')}; dev proxy ${workerd.proxy.join(', ') || 'none'}`);
    const rows: LoadRow[] = [];
    const measureTarget = (target: LoadTarget, reference?: LoadTarget) =>
      measure(BENCH_BASE, target, options.load, options.cpu, () => benchWorkerd(server), options.isolate, reference);
    rows.push(await measureTarget(STATIC_TARGET));
    for (const target of loadTargets(await loginCookie()).filter((t) => options.measuresPath(t.name))) rows.push(await measureTarget(target, STATIC_TARGET));
    compareWithStatic(rows);
    printLoadTable(rows, options.load, options.cpu, options.isolate);
    printRatioFloor(rows, GOAL_PAGE, SESSION_ONLY);
  }
  if (options.sections.has('hydration')) printHydration(await measureHydration());
  if (options.sections.has('lighthouse')) printLighthouse(await runLighthouse(BENCH_BASE, ['/', '/commands', '/kenji']));
} finally {
  stopBenchServer(server);
}
