// Interactive as soon as painted: each page in Debian's Chromium with the CPU throttled 4× (a phone-class CPU), its
// first contentful paint, the moment its hydration ends (the page's effects have run: <html data-client-loaded>, set
// by src/client/App.tsx), their ratio, and the gzip JavaScript fetched by then; the median of 3 cold loads per page.
//   node scripts/bench/hydration.ts             starts the bench server (SKIP_BUILD=1 serves the existing dist/)
//   BENCH_PORT=8787 node scripts/bench/hydration.ts --running     measures a server that is already running there
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { DEMO_USER_IDS } from '../../dev/fake-discord/data.ts';
import { CPU_SLOWDOWN, HYDRATION_GOAL_RATIO, hydrationFigures, RUNS_PER_PAGE, type HydrationFigures, type HydrationRun } from './hydration-figures.ts';
import { BENCH_BASE, loginCookie, startBenchServer, stopBenchServer } from './server.ts';

type Visitor = 'anonymous' | 'owner' | 'admin';
interface HydrationPage {
  path: string;
  visitor: Visitor;
}
export interface HydrationRow extends HydrationPage, HydrationFigures {}

/** A first visit to the public pages; the dashboard as Demo Owner, the admin page as Demo Admin. */
const PAGES: readonly HydrationPage[] = [
  { path: '/', visitor: 'anonymous' },
  { path: '/commands', visitor: 'anonymous' },
  { path: '/servers', visitor: 'owner' },
  { path: '/server/300000000000000001', visitor: 'owner' },
  { path: '/kenji', visitor: 'anonymous' },
  { path: '/glaive', visitor: 'anonymous' },
  { path: '/admin', visitor: 'admin' },
];

/**
 * Marks the end of hydration the moment the flag is set (a MutationObserver's callback runs in the same task). The
 * root's own effects would be too early: React hydrates the page's Suspense boundary in a later, idle-priority render.
 */
function markHydrated() {
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.clientLoaded !== 'true') return;
    performance.mark('hydrated');
    observer.disconnect();
    // The document, not its element: an init script runs before the HTML has one.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-client-loaded'] });
}

interface PageTimes {
  fcpMs: number;
  hydratedMs: number;
  scripts: string[];
}

function readTimes(): PageTimes {
  const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
  const hydratedMs = at('hydrated');
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime <= hydratedMs && new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => entry.name);
  return { fcpMs: at('first-contentful-paint'), hydratedMs, scripts };
}

const gzipBytesByUrl = new Map<string, Promise<number>>();
/** As scripts/bench/bundle.ts counts them: gzip level 9 of the file as built. */
function gzipBytes(url: string): Promise<number> {
  let bytes = gzipBytesByUrl.get(url);
  if (!bytes) {
    bytes = fetch(url).then(async (res) => gzipSync(new Uint8Array(await res.arrayBuffer()), { level: 9 }).length);
    gzipBytesByUrl.set(url, bytes);
  }
  return bytes;
}

function cookiesOf(header: string) {
  return header
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BENCH_BASE };
    });
}

async function loadOnce(browser: Browser, page: HydrationPage, cookie: string): Promise<HydrationRun> {
  const context = await browser.newContext();
  try {
    if (cookie) await context.addCookies(cookiesOf(cookie));
    const tab = await context.newPage();
    await tab.addInitScript(markHydrated);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.goto(`${BENCH_BASE}${page.path}`);
    const painted = () => performance.getEntriesByName('hydrated').length > 0 && performance.getEntriesByName('first-contentful-paint').length > 0;
    // Asked four times a second, not every frame: Playwright's check on each frame cost the throttled page 28–41 ms
    // between its first paint and its hydration (docs/performance.md), time the page itself never spends.
    await tab.waitForFunction(painted, null, { timeout: 60_000, polling: 250 }).catch((error: unknown) => {
      throw new Error(`${page.path} (${page.visitor}) did not hydrate`, { cause: error });
    });
    const times = await tab.evaluate(readTimes);
    const bytes = await Promise.all(times.scripts.map(gzipBytes));
    return { fcpMs: times.fcpMs, hydratedMs: times.hydratedMs, jsGzipBytes: bytes.reduce((sum, n) => sum + n, 0) };
  } finally {
    await context.close();
  }
}

export async function measureHydration(): Promise<HydrationRow[]> {
  const cookies: Record<Visitor, string> = { anonymous: '', owner: await loginCookie(DEMO_USER_IDS.owner), admin: await loginCookie(DEMO_USER_IDS.admin) };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: HydrationRow[] = [];
  try {
    for (const page of PAGES) {
      const runs: HydrationRun[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await loadOnce(browser, page, cookies[page.visitor]));
      rows.push({ ...page, ...hydrationFigures(runs) });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function printHydration(rows: readonly HydrationRow[]) {
  console.log(
    `\nHydration (Chromium, CPU throttled ${CPU_SLOWDOWN}×, cold cache; the median of ${RUNS_PER_PAGE} loads; goal: hydrated by ${HYDRATION_GOAL_RATIO}× FCP)`,
  );
  console.log('| page | visitor | FCP ms | hydrated ms | hydrated ÷ FCP | runs | JS before interaction (gzip) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.ratio <= HYDRATION_GOAL_RATIO ? '' : ' OVER';
    const runs = r.ratios.map((ratio) => ratio.toFixed(2)).join(' ');
    console.log(
      `| ${r.path} | ${r.visitor} | ${Math.round(r.fcpMs)} | ${Math.round(r.hydratedMs)} | ${r.ratio.toFixed(2)}×${verdict} | ${runs} | ${kib(r.jsGzipBytes)} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { running: { type: 'boolean', default: false } } });
  const server = values.running ? undefined : await startBenchServer();
  try {
    printHydration(await measureHydration());
  } finally {
    if (server) stopBenchServer(server);
  }
}
