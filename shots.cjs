// usage: node shots.cjs <base> <outdir> <path>... (logs in as Demo Owner first)
const { chromium } = require('@playwright/test');
const [base, out, ...paths] = process.argv.slice(2);
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  for (const theme of ['dark', 'light']) for (const width of [390, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/`); await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto(`${base}/api/auth`);
    const btn = page.getByRole('button', { name: /Demo Owner/ });
    if (await btn.count()) { await btn.first().click(); await page.waitForURL(/servers/); }
    for (const p of paths) {
      await page.goto(`${base}${p}`); await page.waitForSelector('[data-client-loaded]', { timeout: 10000 }).catch(() => {});
      const name = `${p.replace(/[^a-z0-9]+/gi, '_')}-${width}-${theme}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: false });
      if (width === 390 && p.startsWith('/server/')) {
        const summary = page.locator('nav[aria-label="Server settings"] summary');
        if (await summary.isVisible()) { await summary.click(); await page.screenshot({ path: `${out}/${name.replace('.png', '-open.png')}` }); }
      }
    }
    await ctx.close();
  }
  await browser.close();
})();
