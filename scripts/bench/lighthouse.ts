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
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        tbtMs: Math.round(metric('total-blocking-time')),
      });
    }
  } finally {
    chrome.kill();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', JSON.stringify(rows, null, 2));
  return rows;
}

export function printLighthouse(rows: LighthouseRow[]) {
  console.log('\nLighthouse (mobile)');
  console.log('| page | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`);
}
