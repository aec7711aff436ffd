// Lighthouse (mobile preset) with Debian's Chromium: scores and Web Vitals for the public pages.
import { writeFileSync, mkdirSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Every run's performance score, in order. */
  performanceRuns: number[];
}

/**
 * Lighthouse's own advice is the median of several runs. Here one run in three or so lands its observed first
 * paint after the scripts (fetched from localhost in a few ms), and the simulation then counts their download.
 */
export const RUNS_PER_PAGE = 5;

async function audit(port: number, base: string, path: string): Promise<LighthouseRow> {
  const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error' });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(metric('total-blocking-time')),
    performanceRuns: [],
  };
}

/** The run with the median performance score (ties: the median LCP), with every run's score beside it. */
export function medianRun(runs: readonly LighthouseRow[]): LighthouseRow {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return { ...median, performanceRuns: runs.map((r) => r.performance) };
}

export async function runLighthouse(base: string, paths: string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Plain-http localhost must not be upgraded or interrupted by an HTTPS-first interstitial.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,HttpsFirstModeV2ForTypicallySecureUsers',
    ],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const runs: LighthouseRow[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await audit(chrome.port, base, path));
      rows.push(medianRun(runs));
    }
  } finally {
    chrome.kill();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', JSON.stringify(rows, null, 2));
  return rows;
}

export function printLighthouse(rows: LighthouseRow[]) {
  console.log(`\nLighthouse (mobile; the median of ${RUNS_PER_PAGE} runs per page, every run's performance score beside it)`);
  console.log('| page | perf | runs | a11y | best practices | SEO | LCP ms | CLS | TBT ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.performance} | ${r.performanceRuns.join(' ')} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`,
    );
}
