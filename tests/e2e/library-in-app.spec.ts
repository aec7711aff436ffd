import { expect, test, type Page } from './helpers/fixtures';
import { watchConsole } from './helpers/page-actions';

// Issue 37: a move to a library from another page of the app has no server HTML to start from. The header link's
// intent (the pointer over it) fetches the page's code and listing, so the library paints its folders and songs
// at once; what shows while a listing is still on its way is the skeleton, never a "Loading" text.

/** What the page shows from now on while it waits: any "Loading" text (a Suspense fallback, a status line), and skeletons. */
async function watchWaiting(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { waiting: { texts: string[]; skeletons: string[] } };
    w.waiting = { texts: [], skeletons: [] };
    const check = () => {
      const text = document.body.innerText;
      const at = text.indexOf('Loading');
      if (at !== -1) w.waiting.texts.push(text.slice(at, at + 40));
      for (const skeleton of document.querySelectorAll('[role="status"][aria-label^="Loading"]'))
        w.waiting.skeletons.push(skeleton.getAttribute('aria-label') ?? '');
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { waiting: { texts: string[]; skeletons: string[] } }).waiting);
}

/**
 * The library page's code, which the header fetches on idle and its link on intent: until it and the chunks it
 * imports are in, a move shows the app's own Suspense fallback. Its file, then a quiet network.
 */
async function libraryCodeLoaded(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/Library-[^/]*\.js$/.test(entry.name)));
  await page.waitForLoadState('networkidle');
}

test.describe('a library reached in the app', () => {
  test('paints its folders and songs at once after a pointer over its header link', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/commands');
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    const waiting = await watchWaiting(page);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kenji Library' });

    const listing = page.waitForResponse((response) => response.url().includes('/api/get-kenji-songs'));
    await link.hover();
    expect((await listing).ok()).toBe(true);
    await libraryCodeLoaded(page);
    await link.click();

    await expect(page).toHaveURL(/\/kenji$/);
    await expect(page.getByRole('treeitem', { name: /^Kenji Sato \d+ files$/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'in total' })).toBeVisible();
    // Neither a text nor a skeleton: the folders and songs were there on the first render.
    expect(await waiting()).toEqual({ texts: [], skeletons: [] });
    expect(problems).toEqual([]);
  });

  test('shows the skeleton, not a "Loading" text, when the click comes before the listing', async ({ page }) => {
    await page.goto('/commands');
    await libraryCodeLoaded(page);
    const waiting = await watchWaiting(page);
    // The listing is held back until the skeleton has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get-kenji-songs**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kenji Library' }).click();

    await expect(page.getByRole('status', { name: 'Loading folders' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading songs' })).toBeVisible();
    release();
    await expect(page.getByRole('treeitem', { name: /^Kenji Sato \d+ files$/ })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const { texts, skeletons } = await waiting();
    expect(texts).toEqual([]);
    expect(new Set(skeletons)).toEqual(new Set(['Loading folders', 'Loading songs']));
  });
});
