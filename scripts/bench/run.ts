// npm run bench: bundle sizes, load figures and Lighthouse scores for the production build.
// BENCH_DURATION (seconds per path, default 30) and BENCH_CONNECTIONS (default 64) shorten or widen a run.
import { cpus } from 'node:os';
import { bundleReport, printBundleReport } from './bundle.ts';
import { printLighthouse, runLighthouse } from './lighthouse.ts';
import { measure, printLoadTable, type LoadRow, type LoadTarget } from './load.ts';
import { BENCH_BASE, loginCookie, startBenchServer, stopBenchServer } from './server.ts';

const duration = Number(process.env.BENCH_DURATION ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

console.log(`ServerManager bench, ${new Date().toISOString()}, ${cpus().length}× ${cpus()[0]?.model ?? 'CPU'}`);
const server = await startBenchServer();
try {
  printBundleReport(bundleReport());
  const cookie = await loginCookie();
  const targets: LoadTarget[] = [
    { name: 'static /favicon.svg', path: '/favicon.svg' },
    { name: '/', path: '/' },
    { name: '/commands', path: '/commands' },
    { name: '/kenji', path: '/kenji' },
    { name: '/api/stats', path: '/api/stats' },
    { name: '/api/get-kenji-songs', path: '/api/get-kenji-songs' },
    { name: '/servers (logged in)', path: '/servers', cookie },
    { name: '/api/server-settings (logged in)', path: '/api/server-settings?serverID=300000000000000001', cookie },
  ];
  const rows: LoadRow[] = [];
  for (const target of targets) rows.push(await measure(BENCH_BASE, target, duration, connections));
  const ceiling = rows[0]?.reqPerSec ?? 1;
  for (const row of rows.slice(1)) row.fractionOfStatic = row.reqPerSec / ceiling;
  printLoadTable(rows, connections, duration);
  printLighthouse(await runLighthouse(BENCH_BASE, ['/', '/commands', '/kenji']));
} finally {
  stopBenchServer(server);
}
