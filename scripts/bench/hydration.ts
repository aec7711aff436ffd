// Interactive as soon as painted: each page in Debian's Chromium with the CPU throttled 4× (a phone-class CPU), its
// first contentful paint, the moment its hydration ends (the page's effects have run: <html data-client-loaded>, set
// by src/client/App.tsx), their ratio, and the gzip JavaScript fetched by then; the median of 3 cold loads per page.
//   node scripts/bench/hydration.ts             starts the bench server (SKIP_BUILD=1 serves the existing dist/)
//   BENCH_PORT=8787 node scripts/bench/hydration.ts --running     measures a server that is already running there
//
// The page is driven over a bare DevTools connection: the throttle, an init script, the navigation and a check four
// times a second, nothing else. Playwright enables DevTools' Runtime domain on every page, and with it on, V8 builds a
// full stack trace for each Error a script makes: React DOM makes five as its module runs, so its evaluation took
// 50–57 ms at 4× instead of 11–12, and Playwright's own injected script 37–45 ms more (docs/performance.md, helper
// libeval's entry). A visitor's browser pays neither.
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { DEMO_USER_IDS } from '../../dev/fake-discord/data.ts';
import { CPU_SLOWDOWN, HYDRATION_GOAL_RATIO, hydrationFigures, RUNS_PER_PAGE, type HydrationFigures, type HydrationRun } from './hydration-figures.ts';
import { InspectorSession } from './inspector.ts';
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

const POLL_MS = 250;
const LOAD_TIMEOUT_MS = 60_000;

/** `readTimes` once the page has painted and hydrated, asked four times a second (every frame would cost the page). */
async function timesWhenHydrated(browser: InspectorSession, sessionId: string, path: string): Promise<PageTimes> {
  const expression = `(${readTimes.toString()})()`;
  for (let waited = 0; waited < LOAD_TIMEOUT_MS; waited += POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const { result } = (await browser.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId)) as { result: { value?: PageTimes } };
    const times = result.value;
    if (times && Number.isFinite(times.fcpMs) && Number.isFinite(times.hydratedMs)) return times;
  }
  throw new Error(`${path} did not hydrate in ${LOAD_TIMEOUT_MS / 1000} s`);
}

async function loadOnce(browser: InspectorSession, page: HydrationPage, cookie: string): Promise<HydrationRun> {
  const { browserContextId } = (await browser.send('Target.createBrowserContext')) as { browserContextId: string };
  try {
    if (cookie) await browser.send('Storage.setCookies', { cookies: cookiesOf(cookie), browserContextId });
    const { targetId } = (await browser.send('Target.createTarget', { url: 'about:blank', browserContextId })) as { targetId: string };
    const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await browser.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    await browser.send('Page.enable', {}, sessionId);
    await browser.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${markHydrated.toString()})()` }, sessionId);
    await browser.send('Page.navigate', { url: `${BENCH_BASE}${page.path}` }, sessionId);
    const times = await timesWhenHydrated(browser, sessionId, `${page.path} (${page.visitor})`);
    const bytes = await Promise.all(times.scripts.map(gzipBytes));
    return { fcpMs: times.fcpMs, hydratedMs: times.hydratedMs, jsGzipBytes: bytes.reduce((sum, n) => sum + n, 0) };
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId });
  }
}

export async function measureHydration(): Promise<HydrationRow[]> {
  const cookies: Record<Visitor, string> = { anonymous: '', owner: await loginCookie(DEMO_USER_IDS.owner), admin: await loginCookie(DEMO_USER_IDS.admin) };
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json<{ webSocketDebuggerUrl: string }>();
  const browser = await InspectorSession.connect(webSocketDebuggerUrl);
  const rows: HydrationRow[] = [];
  try {
    for (const page of PAGES) {
      const runs: HydrationRun[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await loadOnce(browser, page, cookies[page.visitor]));
      rows.push({ ...page, ...hydrationFigures(runs) });
    }
  } finally {
    browser.close();
    chrome.kill();
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
