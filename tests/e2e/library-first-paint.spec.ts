import { expect, test } from './helpers/fixtures';
import { watchConsole } from './helpers/page-actions';

// Issue 37: the library's first HTML holds the folder tree and the open folder's songs with their lengths, and
// hydration (then the whole list arriving) changes nothing on screen. Content from scripts/seed-songs.ts.
const NIGHT_DRIVE = '/kenji?folder=Kenji+Sato%2FNight+Drive';

test.describe('the library first paint', () => {
  test('shows the tree, the songs and their lengths without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(NIGHT_DRIVE);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(page.getByRole('treeitem', { name: /^Kenji Sato 8 files$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Night Drive' })).toBeVisible();
    // 01 Neon Streets is a 4 s tone, 03 Midnight Exit a 2 s one; cover.txt is not audio and has no length.
    const neon = page.getByRole('listitem').filter({ hasText: '01 Neon Streets' });
    await expect(neon).toContainText('0:04');
    await expect(page.getByRole('listitem').filter({ hasText: '03 Midnight Exit' })).toContainText('0:02');
    await expect(page.getByRole('status').filter({ hasText: 'here' })).toHaveText('4 files here, 4 in total');
    await context.close();
  });

  test('hydrates and reads the whole list without moving or changing what is shown', async ({ browser, page }) => {
    // What the first paint shows is the served HTML under its stylesheet: read without JavaScript, once it has loaded.
    // (Read from the live page right after commit, innerText can precede the stylesheet and differ in case and lines.)
    const served = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const painted = await served.newPage();
    await painted.goto(NIGHT_DRIVE);
    const firstText = await painted.locator('#main').innerText();
    await served.close();
    expect(firstText).toContain('01 Neon Streets');
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number; shifted: string[] };
      w.layoutShift = 0;
      w.shifted = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
          w.layoutShift += shift.value;
          for (const source of shift.sources ?? []) {
            const node = source.node;
            w.shifted.push(node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName));
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const listed = page.waitForResponse((response) => response.url().includes('/api/get-kenji-songs'));
    const response = await page.goto(NIGHT_DRIVE, { waitUntil: 'commit' });
    const html = await response?.text();
    const main = page.locator('#main');
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await listed;
    // The list has arrived and been drawn (search works from it).
    await expect(page.getByRole('button', { name: 'Play folder' })).toBeEnabled();
    expect(await main.innerText()).toBe(firstText);
    // A CI machine busy with other work once painted part of the page before the rest and measured 0.0077 (what
    // moved is named below when it happens again): far under the 0.1 that Core Web Vitals calls good, while a list
    // or tree drawn again after hydration moves by whole rows (0.1 and more).
    const shift = await page.evaluate(() => {
      const { layoutShift, shifted } = window as unknown as { layoutShift: number; shifted: string[] };
      return { layoutShift, shifted };
    });
    expect(shift.layoutShift, shift.shifted.join(', ')).toBeLessThan(0.01);
    expect(html).toContain('0:04');
    expect(problems).toEqual([]);
  });

  test('a folder the library does not have paints the library, as the page would', async ({ page }) => {
    await page.goto('/glaive?folder=Nowhere');
    await expect(page.getByRole('heading', { name: 'Glaive Library', level: 2 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'in total' })).toHaveText('2 folders · 1 file here, 20 in total');
  });
});
