import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './helpers/fixtures';
import { unzipSync } from 'fflate';
import { gotoHydrated, watchConsole } from './helpers/page-actions';

// Content comes from scripts/seed-songs.ts (run by `npm start`).
const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const treeItem = (page: Page, name: string) => folders(page).getByRole('treeitem', { name: new RegExp(`^${name} \\d+ files$`) });
const queuePanel = (page: Page) => page.getByRole('complementary', { name: 'Queue' });
const files = (page: Page) => page.getByRole('list', { name: /^Files in |^Search results$/ });
const audioState = (page: Page) =>
  page
    .locator('audio')
    .evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, volume: a.volume, muted: a.muted, src: a.getAttribute('src') }));

/** Toasts never cover the player bar (measured once the toast has slid into place: it enters from below). */
async function expectAbovePlayer(page: Page, toast: Locator) {
  const player = page.getByRole('region', { name: 'Player' });
  await expect
    .poll(async () => {
      const [toastBox, playerBox] = await Promise.all([toast.boundingBox(), player.boundingBox()]);
      return toastBox !== null && playerBox !== null && toastBox.y + toastBox.height <= playerBox.y;
    })
    .toBe(true);
}

test.describe('song library pages', () => {
  test('render on the server, hydrate cleanly and browse the tree', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await gotoHydrated(page, '/kenji');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Kenji Library' })).toHaveAttribute('href', '/');
    await expect(treeItem(page, 'Kenji Sato')).toBeVisible();

    await folders(page).locator('[data-toggle="Kenji Sato"]').click();
    await treeItem(page, 'Night Drive').click();
    await expect(page).toHaveURL(/folder=Kenji\+Sato%2FNight\+Drive/);
    await expect(page.getByRole('heading', { name: 'Night Drive' })).toBeVisible();
    await expect(files(page).getByRole('button', { name: 'Play 01 Neon Streets.wav' })).toBeVisible();
    // Not audio: listed and downloadable, but not playable.
    await expect(files(page).getByText('cover.txt')).toBeVisible();
    await expect(files(page).getByRole('button', { name: 'Play cover.txt' })).toHaveCount(0);
    await expect(files(page).getByRole('button', { name: 'Download cover.txt' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('collapsing a folder also collapses its expanded descendants', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    const chevron = (path: string) => folders(page).locator(`[data-toggle="${path}"]`);
    await chevron('Lo-Fi Collective').click();
    await chevron('Lo-Fi Collective/Rainy Days').click();
    await expect(treeItem(page, 'Bonus')).toBeVisible();
    await chevron('Lo-Fi Collective').click();
    await expect(treeItem(page, 'Rainy Days')).toHaveCount(0);
    await chevron('Lo-Fi Collective').click();
    await expect(treeItem(page, 'Rainy Days')).toHaveAttribute('aria-expanded', 'false');
    await expect(treeItem(page, 'Bonus')).toHaveCount(0);
  });

  test('the folder tree is one Tab stop, walked with the arrow keys (ARIA tree pattern)', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    const tree = folders(page).getByRole('tree', { name: 'Folders' });
    await expect(tree.getByRole('treeitem')).not.toHaveCount(0);
    // Tab from the search box lands on the tree once (the selected folder, the root here), and the next Tab leaves it.
    await page.getByRole('searchbox', { name: 'Search songs and folders' }).focus();
    await page.keyboard.press('Tab');
    await expect(tree.getByRole('treeitem', { name: /^Kenji Library/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(tree.locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(tree.getByRole('treeitem', { name: /^Kenji Library/ })).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(treeItem(page, 'Kenji Sato')).toBeFocused();
    await expect(treeItem(page, 'Kenji Sato')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowRight');
    await expect(treeItem(page, 'Kenji Sato')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(treeItem(page, 'Night Drive')).toBeFocused();
    await expect(treeItem(page, 'Night Drive')).toHaveAttribute('aria-level', '3');
    await page.keyboard.press('ArrowLeft');
    await expect(treeItem(page, 'Kenji Sato')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(treeItem(page, 'Kenji Sato')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('End');
    const last = tree.getByRole('treeitem').last();
    await expect(last).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tree.getByRole('treeitem', { name: /^Kenji Library/ })).toBeFocused();
    // Type-ahead: a letter goes to the next folder starting with it.
    await page.keyboard.press('l');
    await expect(treeItem(page, 'Lo-Fi Collective')).toBeFocused();
    // The arrows, space and letters stay in the tree: nothing reaches the player's shortcuts.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/folder=Lo-Fi\+Collective/);
    await expect(treeItem(page, 'Lo-Fi Collective')).toHaveAttribute('aria-selected', 'true');
    await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  });

  test('searches file and folder names across the whole library', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    const search = page.getByRole('searchbox', { name: 'Search songs and folders' });
    await search.fill('drizzle');
    await expect(files(page).getByRole('button', { name: 'Play 01 Drizzle.wav' })).toBeVisible();
    await expect(files(page).getByText('Lo-Fi Collective/Rainy Days')).toBeVisible();

    await search.fill('rainy');
    await expect(page.getByText('14 files and 1 folder found')).toBeVisible();
    await files(page)
      .getByRole('button', { name: /^Open folder Rainy Days/ })
      .click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Rainy Days' })).toBeVisible();

    await search.fill('crème');
    await expect(files(page).getByRole('button', { name: 'Play 01 Crème Brûlée.wav' })).toBeVisible();
    await search.fill('no such thing');
    await expect(page.getByText('No songs or folders match "no such thing"')).toBeVisible();
  });

  test('plays, toggles, seeks, changes volume and mutes', async ({ page }) => {
    // What the real audio element asks for: after the counted probe, only ticketed ranges, none refused.
    const streamed: { ticketed: boolean; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/stream-kenji-song')) streamed.push({ ticketed: response.url().includes('&ticket='), status: response.status() });
    });
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    // The page's Suspense boundary may hydrate just after the app shell's flag is set.
    await expect.poll(async () => (await audioState(page)).volume).toBe(0.5);
    await expect(page.getByRole('slider', { name: 'Volume' })).toHaveValue('0.5');
    await files(page).getByRole('button', { name: 'Play 01 Neon Streets.wav' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Neon Streets');
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0.2);
    await expect(page.getByTestId('duration')).toHaveText('0:04');
    await expect(page).toHaveURL(/song=Kenji\+Sato%2FNight\+Drive%2F01\+Neon\+Streets\.wav/);

    // Selecting the playing song again pauses it; once more resumes.
    await files(page).getByRole('button', { name: 'Pause 01 Neon Streets.wav' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);

    await page.getByRole('slider', { name: 'Seek' }).fill('3');
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('elapsed')).toHaveText(/0:0[34]/);

    await page.getByRole('slider', { name: 'Volume' }).fill('0.2');
    await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.2);
    await page.getByRole('button', { name: 'Mute' }).click();
    await expect.poll(async () => (await audioState(page)).muted).toBe(true);
    await page.getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(async () => (await audioState(page)).muted).toBe(false);

    // Playback ends with the track.
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(
      streamed.filter((r) => !r.ticketed),
      'one counted request: the probe',
    ).toEqual([{ ticketed: false, status: 206 }]);
    expect(streamed.filter((r) => r.ticketed).length, 'the element streams on the ticket').toBeGreaterThan(0);
    expect(
      streamed.filter((r) => r.status >= 400),
      'nothing refused',
    ).toEqual([]);
  });

  test('keyboard shortcuts: space, M, up and down, but not while typing', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    await files(page).getByRole('button', { name: 'Play 01 Neon Streets.wav' }).click();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0.1);
    await page.locator('h2').first().click(); // focus leaves the buttons
    await page.keyboard.press('m');
    await expect.poll(async () => (await audioState(page)).muted).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.getByRole('searchbox').fill('m ');
    await expect.poll(async () => (await audioState(page)).muted).toBe(true);
    expect((await audioState(page)).paused).toBe(true);
    // Up and down: volume in 10% steps (and out of mute).
    await page.locator('h2').first().click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.4);
    expect((await audioState(page)).muted).toBe(false);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.5);
  });

  test('shows the busy alert and stops when the server answers 429', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    await page.route('**/api/stream-kenji-song**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '60', 'Content-Type': 'application/json' },
        body: JSON.stringify({ error: 'Server is busy. Please try again in a moment.', code: 'BUSY' }),
      }),
    );
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await files(page).getByRole('button', { name: 'Play 02 Highway Lights.wav' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Server is busy. Please try again in a moment.']);
    await expect(page.getByTestId('now-playing')).toHaveText('Nothing selected');
    const state = await audioState(page);
    expect(state.paused).toBe(true);
    expect(state.src).toBeNull();
  });

  test('downloads a song with toasts', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    const download = page.waitForEvent('download');
    await files(page).getByRole('button', { name: 'Download 01 Neon Streets.wav' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('01 Neon Streets.wav');
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    const toast = page.getByText('Downloaded 01 Neon Streets.wav successfully');
    await expect(toast).toBeVisible();
    await expectAbovePlayer(page, toast);
  });

  test('a folder download streams into the picked file, byte for byte the server zip', async ({ page }) => {
    // The save dialog cannot be clicked in a test: the picker hands out a file in the origin's private file system,
    // which has the same writable-stream interface as a file on disk.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'showSaveFilePicker', {
        configurable: true,
        value: async (options: { suggestedName?: string }) => {
          (window as unknown as { savedName?: string }).savedName = options.suggestedName;
          const dir = await navigator.storage.getDirectory();
          return dir.getFileHandle('saved.zip', { create: true });
        },
      });
    });
    await gotoHydrated(page, '/kenji?folder=Lo-Fi+Collective%2FRainy+Days');
    await page.getByRole('button', { name: /^Download folder 14 files/ }).click();
    await expect(page.getByText('Downloaded Rainy Days successfully')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { savedName?: string }).savedName)).toBe('Rainy Days.zip');
    const saved = Buffer.from(
      await page.evaluate(async () => {
        const file = await (await (await navigator.storage.getDirectory()).getFileHandle('saved.zip')).getFile();
        return [...new Uint8Array(await file.arrayBuffer())];
      }),
    );
    const server = await page.request.get('/api/download-kenji-folder?folder=Lo-Fi%20Collective%2FRainy%20Days');
    expect(server.status()).toBe(200);
    const expected = await server.body();
    expect(saved.length).toBe(expected.length);
    expect(saved.equals(expected)).toBe(true);
    const entries = unzipSync(new Uint8Array(saved));
    expect(Object.keys(entries)).toHaveLength(14);
    expect(Object.keys(entries)).toContain('Bonus/02 Room Tone.mp3');
  });

  test('without the File System Access API a folder goes to the browser download, byte for byte the server zip', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Window.prototype as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await gotoHydrated(page, '/kenji?folder=Lo-Fi+Collective%2FRainy+Days');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download folder 14 files/ }).click();
    await expect(page.getByText('Downloading Rainy Days...')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Rainy Days.zip');
    const saved = readFileSync(await file.path());
    const expected = await (await page.request.get('/api/download-kenji-folder?folder=Lo-Fi%20Collective%2FRainy%20Days')).body();
    expect(saved.equals(expected)).toBe(true);
    expect(Object.keys(unzipSync(new Uint8Array(saved)))).toContain('01 Drizzle.wav');
  });

  test('a failed download says so, and why when the download limit is reached', async ({ page }) => {
    await gotoHydrated(page, '/glaive?folder=Glaive%2FSingles');
    await page.route('**/api/download-glaive-song**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '60' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Server is busy. Please try again in a moment.', code: 'BUSY' }),
      }),
    );
    await files(page).getByRole('button', { name: 'Download Sometimes.mp3' }).click();
    await expect(page.getByText('Failed to download Sometimes.mp3')).toBeVisible();
    await expect(page.getByText('Server is busy. Please try again in a moment.')).toBeVisible();
  });

  test('phone layout at 390×844: no sideways scroll, folders in a drawer, a compact player with progress, 44 px targets', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    await expect(page.getByRole('navigation', { name: 'Library' }).getByRole('link', { name: 'Kenji Library' })).toBeVisible();
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSidewaysScroll()).toBe(true);

    // The tree is an off-canvas drawer behind 'Show Folders'; the breadcrumb leads up meanwhile.
    const drawer = page.getByRole('dialog', { name: 'Folders' });
    const showFolders = page.getByRole('button', { name: 'Show Folders' });
    await expect(page.locator('nav[aria-label="Folders"]')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Kenji Sato' })).toBeVisible();
    await showFolders.click();
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('aria-modal', 'true');
    // Focus goes to the tree's Tab stop (the open folder) and Tab stays in the drawer.
    await expect(drawer.getByRole('treeitem', { name: /^Night Drive/ })).toBeFocused();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect(drawer.locator(':focus')).toHaveCount(1);
    }
    // Escape closes it and focus returns to the button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(showFolders).toBeFocused();
    // Tapping the dimmed page closes it too.
    await showFolders.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(380, 400);
    await expect(drawer).toBeHidden();
    await showFolders.click();
    await drawer.locator('[data-toggle="Lo-Fi Collective"]').click();
    await drawer.getByRole('treeitem', { name: /^Rainy Days/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Rainy Days' })).toBeVisible();
    await expect(showFolders).toBeVisible();

    // One compact row; the seek bar and the toggles are in the expandable full view.
    const player = page.getByRole('region', { name: 'Player' });
    await files(page).getByRole('button', { name: 'Play 01 Drizzle.wav' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Drizzle');
    await expect(player.getByRole('slider', { name: 'Seek' })).toBeHidden();
    // The mini-player shows how far the song has got as a thin line that grows.
    const progress = () =>
      player
        .getByTestId('mini-progress')
        .locator('div')
        .evaluate((bar) => bar.getBoundingClientRect().width);
    await expect.poll(progress).toBeGreaterThan(10);
    const compact = await player.boundingBox();
    expect(compact?.height).toBeLessThan(90);
    await player.getByRole('button', { name: 'Show full player' }).click();
    await expect(player.getByRole('slider', { name: 'Seek' })).toBeVisible();
    await expect(player.getByRole('switch', { name: 'Autoplay next' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);

    for (const target of [
      player.getByRole('button', { name: /^(Play|Pause)$/ }),
      player.getByRole('button', { name: 'Next' }),
      player.getByRole('button', { name: 'Previous' }),
      player.getByRole('button', { name: 'Shuffle' }),
      player.getByRole('button', { name: 'Hide full player' }),
      player.getByRole('button', { name: 'Queue' }),
      files(page).getByRole('button', { name: 'Add 02 Window Seat.wav to queue' }),
      files(page).getByRole('button', { name: 'Play 02 Window Seat.wav' }),
      files(page).getByRole('button', { name: 'Download 02 Window Seat.wav' }),
      page.getByRole('button', { name: 'Show Folders' }),
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Lo-Fi Collective' }),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height, String(target)).toBeGreaterThanOrEqual(44);
      expect(box?.width, String(target)).toBeGreaterThanOrEqual(44);
    }

    // Toasts stay above the player.
    await player.getByRole('button', { name: 'Hide full player' }).click();
    await files(page).getByRole('button', { name: 'Download 03 Puddles.wav' }).click();
    const toast = page.getByText('Downloaded 03 Puddles.wav successfully');
    await expect(toast).toBeVisible();
    await expectAbovePlayer(page, toast);
  });

  test('on a phone the queue is a modal sheet: focus moves in, Tab stays inside, the page behind is inert, Escape returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FSunrise+EP');
    await files(page).getByRole('button', { name: 'Add 01 First Light.wav to queue' }).click();
    await files(page).getByRole('button', { name: 'Add 02 Golden Hour.wav to queue' }).click();
    const queueButton = page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' });
    await queueButton.click();
    const sheet = page.getByRole('dialog', { name: 'Queue' });
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    await expect(sheet.getByRole('heading', { name: 'Queue' })).toBeFocused();
    // Clear queue, Close, and the one queued row's play and remove buttons (its move buttons are disabled): Tab comes round.
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await expect(sheet.locator(':focus')).toHaveCount(1);
      stops.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
    }
    expect(stops[0]).toBe(stops[4]);
    await page.keyboard.press('Shift+Tab');
    await expect(sheet.locator(':focus')).toHaveCount(1);
    // The page behind is out of reach, for the pointer as well as for screen readers.
    for (const behind of ['input[type="search"]', '[data-player-bar]']) await expect(page.locator(`[inert] ${behind}, ${behind}[inert]`)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(queueButton).toBeFocused();
    await expect(page.locator('[inert]')).toHaveCount(0);
  });

  test('next, previous (buttons and N/P), and autoplay across a folder', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    const player = page.getByRole('region', { name: 'Player' });
    const nowPlaying = page.getByTestId('now-playing');
    await files(page).getByRole('button', { name: 'Play 01 Neon Streets.wav' }).click();
    await expect(nowPlaying).toHaveText('01 Neon Streets');
    await expect(player.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // The row learns its duration from the audio's metadata.
    await expect(files(page).locator('[data-song="Kenji Sato/Night Drive/01 Neon Streets.wav"]').getByTestId('row-duration')).toHaveText('0:04');

    await player.getByRole('button', { name: 'Next' }).click();
    await expect(nowPlaying).toHaveText('02 Highway Lights');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await player.getByRole('button', { name: 'Previous' }).click();
    await expect(nowPlaying).toHaveText('01 Neon Streets');
    await page.locator('h2').first().click();
    await page.keyboard.press('n');
    await expect(nowPlaying).toHaveText('02 Highway Lights');
    await page.keyboard.press('p');
    await expect(nowPlaying).toHaveText('01 Neon Streets');

    // Autoplay on: the folder plays on in the order shown (cover.txt is not a song) and stops after the last one.
    const autoplay = player.getByRole('switch', { name: 'Autoplay next' });
    await expect(autoplay).toHaveAttribute('aria-checked', 'false');
    await autoplay.click();
    await expect(autoplay).toHaveAttribute('aria-checked', 'true');
    await files(page).getByRole('button', { name: 'Play 02 Highway Lights.wav' }).click();
    await expect(nowPlaying).toHaveText('02 Highway Lights');
    await expect(player.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(nowPlaying).toHaveText('03 Midnight Exit', { timeout: 10_000 });
    await expect(player.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    await expect(nowPlaying).toHaveText('03 Midnight Exit');

    // Remembered for the next visit.
    await page.reload();
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await expect(player.getByRole('switch', { name: 'Autoplay next' })).toHaveAttribute('aria-checked', 'true');
  });

  test('Play folder plays the folder through without autoplay, and Play all takes the search results', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FNight+Drive');
    const player = page.getByRole('region', { name: 'Player' });
    const nowPlaying = page.getByTestId('now-playing');
    await expect(player.getByRole('switch', { name: 'Autoplay next' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Play folder' }).click();
    await expect(nowPlaying).toHaveText('01 Neon Streets');
    // Near the end of each song, so the test waits for the ends, not the songs.
    const skipToEnd = async () => {
      await expect.poll(async () => (await audioState(page)).paused).toBe(false);
      const seek = page.getByRole('slider', { name: 'Seek' });
      await expect(seek).toBeEnabled();
      await seek.fill(String(Number(await seek.getAttribute('max')) - 0.3));
    };
    await skipToEnd();
    await expect(nowPlaying).toHaveText('02 Highway Lights');
    await skipToEnd();
    await expect(nowPlaying).toHaveText('03 Midnight Exit');
    await skipToEnd();
    // cover.txt is not a song: the folder ends with its last song, and playback with it.
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(nowPlaying).toHaveText('03 Midnight Exit');
    await expect(player.getByRole('button', { name: 'Next' })).toBeDisabled();

    // From search results: 'Play all' queues the songs found, in the order shown.
    await page.getByRole('searchbox', { name: 'Search songs and folders' }).fill('02');
    await expect(page.getByRole('heading', { name: 'Search results for "02"' })).toBeVisible();
    await expect.poll(() => files(page).locator('[data-song$=".wav"], [data-song$=".mp3"]').count()).toBeGreaterThanOrEqual(3);
    const found = await files(page)
      .locator('[data-song]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-song') ?? '').filter((p) => /\.(mp3|wav)$/.test(p)));
    await page.getByRole('button', { name: 'Play all' }).click();
    const title = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '');
    await expect(nowPlaying).toHaveText(title(found[0] ?? ''));
    await player.getByRole('button', { name: 'Queue' }).click();
    const upNext = queuePanel(page).getByRole('list', { name: 'Up next' });
    await expect.poll(() => upNext.locator('[data-song]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-song')))).toEqual(found.slice(1));
  });

  test('Add to queue, reorder by keyboard and by dragging, remove, and the queue survives a reload', async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, '/kenji?folder=Kenji+Sato%2FSunrise+EP');
    const player = page.getByRole('region', { name: 'Player' });
    const nowPlaying = page.getByTestId('now-playing');
    // Into an empty player, the first song added is cued (paused), the others wait up next.
    await files(page).getByRole('button', { name: 'Add 01 First Light.wav to queue' }).click();
    await expect(page.getByText('Added 01 First Light to the queue')).toBeVisible();
    await expect(nowPlaying).toHaveText('01 First Light');
    expect((await audioState(page)).paused).toBe(true);
    await files(page).getByRole('button', { name: 'Add 02 Golden Hour.wav to queue' }).click();
    await files(page).getByRole('button', { name: 'Add 03 Quiet Morning.mp3 to queue' }).click();
    await page.goto('/kenji?folder=Kenji+Sato%2FNight+Drive');
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await files(page).getByRole('button', { name: 'Add 01 Neon Streets.wav to queue' }).click();

    await player.getByRole('button', { name: 'Queue' }).click();
    const panel = queuePanel(page);
    await expect(panel).toBeVisible();
    await expect(player.getByRole('button', { name: 'Queue' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByTestId('queue-now-playing')).toContainText('01 First Light');
    const upNext = panel.getByRole('list', { name: 'Up next' });
    const order = () => upNext.getByRole('listitem').evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-song') ?? '').split('/').pop()));
    await expect.poll(order).toEqual(['02 Golden Hour.wav', '03 Quiet Morning.mp3', '01 Neon Streets.wav']);

    // Keyboard: the move buttons, focus following the song.
    await panel.getByRole('button', { name: 'Move 01 Neon Streets up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['02 Golden Hour.wav', '01 Neon Streets.wav', '03 Quiet Morning.mp3']);
    await expect(panel.getByRole('button', { name: 'Move 01 Neon Streets up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['01 Neon Streets.wav', '02 Golden Hour.wav', '03 Quiet Morning.mp3']);
    // At the top 'up' is disabled: focus moves to 'down' rather than getting lost.
    await expect(panel.getByRole('button', { name: 'Move 01 Neon Streets up' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Move 01 Neon Streets down' })).toBeFocused();
    await expect(panel.getByRole('status')).toHaveText('01 Neon Streets moved to position 1 of 3');

    // Pointer: drag a row onto another.
    await upNext.locator('[data-song$="03 Quiet Morning.mp3"]').dragTo(upNext.locator('[data-song$="01 Neon Streets.wav"]'));
    await expect.poll(order).toEqual(['03 Quiet Morning.mp3', '01 Neon Streets.wav', '02 Golden Hour.wav']);

    await panel.getByRole('button', { name: 'Remove 02 Golden Hour from the queue' }).click();
    await expect.poll(order).toEqual(['03 Quiet Morning.mp3', '01 Neon Streets.wav']);
    // Focus goes to the row that is now in that place (here the last one), not to the page.
    await expect(panel.getByRole('button', { name: 'Remove 01 Neon Streets from the queue' })).toBeFocused();

    // The queue (per library) survives a reload, with the song in the player.
    await page.reload();
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await expect(nowPlaying).toHaveText('01 First Light');
    await player.getByRole('button', { name: 'Queue' }).click();
    await expect.poll(order).toEqual(['03 Quiet Morning.mp3', '01 Neon Streets.wav']);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Picking a queued song plays it; Escape closes the panel and focus returns to its button.
    await panel.getByRole('button', { name: /^Play 01 Neon Streets/ }).click();
    await expect(nowPlaying).toHaveText('01 Neon Streets');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect.poll(order).toEqual([]);
    await panel.getByRole('heading', { name: 'Queue' }).click();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The other library has its own queue.
    await gotoHydrated(page, '/glaive');
    await expect(nowPlaying).toHaveText('Nothing selected');
    expect(problems).toEqual([]);
  });

  test('a stored queue is checked on load: songs gone since are dropped, garbage is ignored', async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, '/kenji');
    const store = (value: string) => page.evaluate((v) => localStorage.setItem('library-queue:kenji', v), value);
    await store(JSON.stringify({ version: 1, songs: ['Kenji Sato/Gone.wav', 'Kenji Sato/Night Drive/02 Highway Lights.wav', 42], position: 0, playOn: true }));
    await page.reload();
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await expect(page.getByTestId('now-playing')).toHaveText('02 Highway Lights');
    for (const garbage of ['{not json', '{"version":1,"songs":"x"}', '[1,2,3]']) {
      await store(garbage);
      await page.reload();
      await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
      await expect(page.getByTestId('now-playing')).toHaveText('Nothing selected');
      await expect(treeItem(page, 'Kenji Sato')).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test('the queue is the search results the song was started from', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    await page.getByRole('searchbox', { name: 'Search songs and folders' }).fill('01');
    await expect(page.getByRole('heading', { name: 'Search results for "01"' })).toBeVisible();
    const songRows = () =>
      files(page)
        .locator('[data-song]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-song') ?? '').filter((p) => /\.(mp3|wav|ogg|m4a|aac|flac)$/.test(p)));
    // The heading shows with the query; the hits may land a frame later (the index is built at idle time).
    await expect.poll(async () => (await songRows()).length).toBeGreaterThanOrEqual(3);
    const shown = await songRows();
    const title = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '');
    await files(page)
      .locator(`[data-song="${shown[0]}"]`)
      .getByRole('button', { name: /^Play / })
      .click();
    await expect(page.getByTestId('now-playing')).toHaveText(title(shown[0] ?? ''));
    // Leaving the results does not change the queue.
    await page.getByRole('searchbox', { name: 'Search songs and folders' }).fill('');
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(title(shown[1] ?? ''));
    await player.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(title(shown[2] ?? ''));
  });

  test('breadcrumb and subfolders in the pane', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Lo-Fi+Collective');
    // A folder holding only folders lists them, with their counts.
    await expect(page.getByRole('heading', { name: 'Lo-Fi Collective' })).toBeVisible();
    await files(page).getByRole('button', { name: 'Open folder Rainy Days 14 files' }).click();
    await expect(page.getByRole('heading', { name: 'Rainy Days' })).toBeVisible();
    // Subfolders come first, then the files.
    const first = files(page).getByRole('listitem').first();
    await expect(first.getByRole('button', { name: 'Open folder Bonus 2 files' })).toBeVisible();
    await expect(files(page).getByRole('listitem').nth(1).getByRole('button', { name: 'Play 01 Drizzle.wav' })).toBeVisible();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText('Rainy Days')).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Lo-Fi Collective' }).click();
    await expect(page.getByRole('heading', { name: 'Lo-Fi Collective' })).toBeVisible();
    await expect(page).toHaveURL(/folder=Lo-Fi\+Collective$/);
    await crumbs.getByRole('link', { name: 'Kenji Library' }).click();
    await expect(page.getByRole('heading', { name: 'Kenji Library', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/kenji$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Lo-Fi Collective' })).toBeVisible();
  });

  test('the ? key opens an overlay listing every shortcut; / goes to the search', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const key of ['Space', '←', '→', '↑', '↓', 'M', 'N', 'P', 'Q', '/', '?']) await expect(dialog.locator('kbd', { hasText: key }).first()).toBeVisible();
    await expect(dialog.getByText('Next song')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search songs and folders' })).toBeFocused();
    // Typing '?' in the search box is text, not a shortcut.
    await page.keyboard.type('?');
    await expect(dialog).toBeHidden();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(dialog).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`no serious or critical accessibility violations at ${width} px, dark and light`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      for (const theme of ['dark', 'light']) {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await gotoHydrated(page, '/kenji?folder=Lo-Fi+Collective%2FRainy+Days');
        await files(page).getByRole('button', { name: 'Play 01 Drizzle.wav' }).click();
        await expect(page.getByTestId('now-playing')).toHaveText('01 Drizzle');
        if (width === 390) await page.getByRole('button', { name: 'Show Folders' }).click();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  }

  test('every control is named by what it shows (axe label-content-name-mismatch), folders listed and a folder open', async ({ page }) => {
    for (const path of ['/kenji', '/glaive', '/kenji?folder=Lo-Fi+Collective']) {
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.html.slice(0, 80)}`))).toEqual([]);
    }
  });

  test('deep links survive a reload, and back returns to the previous folder', async ({ page }) => {
    await gotoHydrated(page, '/glaive.html?folder=Glaive%2FCypress+Grove&song=Glaive%2FCypress+Grove%2F01+Astral.wav');
    await expect(page.getByRole('heading', { name: 'Cypress Grove' })).toBeVisible();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Astral');
    await expect(treeItem(page, 'Cypress Grove')).toHaveAttribute('aria-selected', 'true');

    await treeItem(page, 'Singles').click();
    await expect(page.getByRole('heading', { name: 'Singles' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Singles' })).toBeVisible();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Astral');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Cypress Grove' })).toBeVisible();
  });
});
