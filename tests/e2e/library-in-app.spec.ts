import { readFileSync } from 'node:fs';
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

/** The library page's chunk, as the build's manifest names it (every page's chunk is named `page-…`). */
const libraryChunk = () => {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string } | undefined>;
  const file = manifest['src/client/pages/library/page.tsx']?.file;
  if (file === undefined) throw new Error('the build has no library page');
  return file;
};

/**
 * The library page's code, which its link fetches on intent: until it and the chunks it imports are in, a move shows
 * the app's own Suspense fallback. Its file, then a quiet network.
 */
async function libraryCodeLoaded(page: Page) {
  const file = libraryChunk();
  await page.waitForFunction((name) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/${name}`)), file);
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
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    // The listing is held back until the skeleton has been seen; the pointer over the link brings the page's code.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get-kenji-songs**', async (route) => {
      await held;
      await route.continue();
    });
    // Scripts on their way: the page's chunk and the chunks it imports must all be in before the click.
    const pendingScripts = new Set<string>();
    page.on('request', (request) => request.resourceType() === 'script' && pendingScripts.add(request.url()));
    page.on('requestfinished', (request) => pendingScripts.delete(request.url()));
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kenji Library' });
    await link.hover();
    const file = libraryChunk();
    await page.waitForFunction((name) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/${name}`)), file);
    await expect.poll(() => pendingScripts.size).toBe(0);
    const waiting = await watchWaiting(page);
    await link.click();

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
