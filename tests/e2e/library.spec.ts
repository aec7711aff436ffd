import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { gotoHydrated, watchConsole } from './helpers';

// Content comes from scripts/seed-songs.ts (run by `npm start`).
const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const files = (page: Page) => page.getByRole('list', { name: /^Files in |^Search results$/ });
const audioState = (page: Page) =>
  page
    .locator('audio')
    .evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, volume: a.volume, muted: a.muted, src: a.getAttribute('src') }));

test.describe('song library pages', () => {
  test('render on the server, hydrate cleanly and browse the tree', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await gotoHydrated(page, '/kenji');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Kenji Library' })).toHaveAttribute('href', '/');
    await expect(folders(page).getByRole('button', { name: /^Kenji Sato/ })).toBeVisible();

    await folders(page).getByRole('button', { name: 'Expand Kenji Sato' }).click();
    await folders(page)
      .getByRole('button', { name: /^Night Drive/ })
      .click();
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
    const tree = folders(page);
    await tree.getByRole('button', { name: 'Expand Lo-Fi Collective' }).click();
    await tree.getByRole('button', { name: 'Expand Rainy Days' }).click();
    await expect(tree.getByRole('button', { name: /^Bonus/ })).toBeVisible();
    await tree.getByRole('button', { name: 'Collapse Lo-Fi Collective' }).click();
    await expect(tree.getByRole('button', { name: /^Rainy Days/ })).toHaveCount(0);
    await tree.getByRole('button', { name: 'Expand Lo-Fi Collective' }).click();
    await expect(tree.getByRole('button', { name: 'Expand Rainy Days' })).toBeVisible();
    await expect(tree.getByRole('button', { name: /^Bonus/ })).toHaveCount(0);
  });

  test('the folder tree is operable with the arrow keys', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    const tree = folders(page);
    await tree.getByRole('button', { name: /^Kenji Sato/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tree.getByRole('button', { name: 'Collapse Kenji Sato' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tree.getByRole('button', { name: /^Night Drive/ })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tree.getByRole('button', { name: /^Kenji Sato/ })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tree.getByRole('button', { name: 'Expand Kenji Sato' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/folder=Lo-Fi\+Collective/);
  });

  test('searches file and folder names across the whole library', async ({ page }) => {
    await gotoHydrated(page, '/kenji');
    const search = page.getByRole('searchbox', { name: 'Search songs and folders' });
    await search.fill('drizzle');
    await expect(files(page).getByRole('button', { name: 'Play 01 Drizzle.wav' })).toBeVisible();
    await expect(files(page).getByText('Lo-Fi Collective/Rainy Days')).toBeVisible();

    await search.fill('rainy');
    await expect(page.getByText(/14 files and 1 folders found/)).toBeVisible();
    await files(page)
      .getByRole('button', { name: /^Rainy Days/ })
      .click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Rainy Days' })).toBeVisible();

    await search.fill('crème');
    await expect(files(page).getByRole('button', { name: 'Play 01 Crème Brûlée.wav' })).toBeVisible();
    await search.fill('no such thing');
    await expect(page.getByText('No songs or folders match "no such thing"')).toBeVisible();
  });

  test('plays, toggles, seeks, changes volume and mutes', async ({ page }) => {
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
  });

  test('keyboard shortcuts: space, arrows and M, but not while typing', async ({ page }) => {
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
    await expect(page.getByText('Downloaded 01 Neon Streets.wav successfully')).toBeVisible();
  });

  test('downloads a folder as a valid zip', async ({ page }) => {
    await gotoHydrated(page, '/kenji?folder=Lo-Fi+Collective%2FRainy+Days');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download folder', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Rainy Days.zip');
    const entries = unzipSync(new Uint8Array(readFileSync(await file.path())));
    expect(Object.keys(entries)).toHaveLength(14);
    expect(Object.keys(entries)).toContain('01 Drizzle.wav');
    expect(Object.keys(entries)).toContain('Bonus/02 Room Tone.mp3');
    expect(Buffer.from(entries['01 Drizzle.wav']?.subarray(0, 4) ?? []).toString()).toBe('RIFF');
    await expect(page.getByText('Downloaded Rainy Days successfully')).toBeVisible();
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

  test('hides and shows the folders on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/glaive');
    await expect(page.getByRole('link', { name: 'Glaive Library' })).toBeVisible();
    await expect(folders(page)).toBeVisible();
    await page.getByRole('button', { name: 'Hide Folders' }).click();
    await expect(folders(page)).toBeHidden();
    await page.getByRole('button', { name: 'Show Folders' }).click();
    await expect(folders(page)).toBeVisible();
  });

  test('deep links survive a reload, and back returns to the previous folder', async ({ page }) => {
    await gotoHydrated(page, '/glaive.html?folder=Glaive%2FCypress+Grove&song=Glaive%2FCypress+Grove%2F01+Astral.wav');
    await expect(page.getByRole('heading', { name: 'Cypress Grove' })).toBeVisible();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Astral');
    await expect(folders(page).getByRole('button', { name: /^Cypress Grove/ })).toHaveAttribute('aria-current', 'true');

    await folders(page)
      .getByRole('button', { name: /^Singles/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Singles' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html[data-client-loaded="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Singles' })).toBeVisible();
    await expect(page.getByTestId('now-playing')).toHaveText('01 Astral');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Cypress Grove' })).toBeVisible();
  });
});
