// The landing page's screenshots and the link preview image, taken from a demo that is already running
// (`npm start`): it starts nothing itself. Logs in as Demo Owner through the fake Discord, captures each page of
// src/shared/landing-images.ts in both themes, encodes WebP at each width with Chromium's own encoder, and writes
// public/screenshots/ and public/og-image.jpg. Commit what it writes.
//   npm run screenshots -- [--base http://localhost:8787]
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  LANDING_SCREENSHOTS,
  PHONE_SHOT,
  phoneScreenshotPath,
  SCREENSHOT_THEMES,
  SCREENSHOT_WIDTHS,
  SHARE_IMAGE,
  screenshotPath,
  type LandingScreenshot,
  type ScreenshotTheme,
} from '../src/shared/landing-images.ts';

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:8787' } } });
const base = values.base;
const PUBLIC_DIR = 'public';
const WEBP_QUALITY = 0.8;

interface Scene {
  path: string;
  /** Settings saved before the shot (as Demo Owner), so the page shows a module in use rather than one never set. */
  settings?: { serverID: string; section: string; key: string; value: unknown }[];
  /** Taller than the shot when the part kept starts further down the page. */
  windowHeight: number;
  /** Where the part kept starts, in the window it is taken in (1280 px wide, or a phone's). */
  top: (page: Page) => Promise<number>;
}

/** What each screenshot shows: the page and the part of a 1280 px wide window kept. */
const SCENES: Record<LandingScreenshot['id'], Scene> = {
  settings: {
    path: '/server/300000000000000001/welcome-message',
    // Kenji Lounge's #welcome (dev/fake-discord/data.ts): the channel first, then the switch that needs it.
    settings: [
      { serverID: '300000000000000001', section: 'welcomemessage', key: 'channelID', value: '500000000000001001' },
      { serverID: '300000000000000001', section: 'welcomemessage', key: 'enabled', value: true },
    ],
    windowHeight: 1400,
    // The module list beside the Welcome Message editor and its preview; the header above them is the demo's server.
    top: async (page) => {
      await page.getByText('PREVIEW', { exact: false }).first().waitFor();
      return ((await page.getByRole('navigation', { name: 'Server settings' }).boundingBox())?.y ?? 380) - 24;
    },
  },
  library: {
    path: `/kenji?folder=${encodeURIComponent('Lo-Fi Collective/Rainy Days')}`,
    // The whole window, so the player bar at its foot is in it.
    windowHeight: LANDING_SCREENSHOTS.library.height,
    top: async (page) => {
      await page.getByText('01 Drizzle').locator('visible=true').first().waitFor();
      return 0;
    },
  },
};

async function loggedInPage(browser: Browser, theme: ScreenshotTheme, viewport: { width: number; height: number }, scale = 1): Promise<Page> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: scale, colorScheme: theme });
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  const page = await context.newPage();
  await page.goto(`${base}/api/auth`);
  await page.getByRole('button', { name: 'Continue as Demo Owner' }).click();
  await page.waitForURL('**/servers');
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  await page.locator('html[data-client-loaded="true"]').waitFor();
}

/** PNG → WebP at `width`, by the browser's canvas encoder (no image library needed). */
async function webp(page: Page, png: Buffer, width: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ src, width, quality }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, width, quality: WEBP_QUALITY },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Saves the scene's settings through the API, as the page would. */
async function saveSettings(page: Page, scene: Scene) {
  for (const setting of scene.settings ?? []) {
    const res = await page.request.post(`${base}/api/update-server-settings`, { data: setting, headers: { Origin: new URL(base).origin } });
    if (!res.ok()) throw new Error(`saving ${setting.section}.${setting.key} answered ${res.status()}: ${await res.text()}`);
  }
}

async function capture(browser: Browser, shot: LandingScreenshot, theme: ScreenshotTheme): Promise<Buffer> {
  const scene = SCENES[shot.id];
  const page = await loggedInPage(browser, theme, { width: 1280, height: scene.windowHeight });
  await saveSettings(page, scene);
  await open(page, scene.path);
  const y = Math.max(0, await scene.top(page));
  const png = await page.screenshot({ clip: { x: 0, y, width: shot.width, height: shot.height }, animations: 'disabled' });
  for (const width of SCREENSHOT_WIDTHS) {
    const file = `${PUBLIC_DIR}${screenshotPath(shot.id, theme, width)}`;
    writeFileSync(file, await webp(page, png, width));
    console.log(`wrote ${file}`);
  }
  await page.context().close();
  await capturePhone(browser, shot, theme);
  return png;
}

/** The same page as a phone shows it, its first screen. */
async function capturePhone(browser: Browser, shot: LandingScreenshot, theme: ScreenshotTheme) {
  const viewport = { width: PHONE_SHOT.cssWidth, height: PHONE_SHOT.height / PHONE_SHOT.scale };
  const page = await loggedInPage(browser, theme, viewport, PHONE_SHOT.scale);
  await open(page, SCENES[shot.id].path);
  const y = Math.max(0, await SCENES[shot.id].top(page));
  const png = await page.screenshot({ clip: { x: 0, y, ...viewport }, fullPage: true, animations: 'disabled' });
  const file = `${PUBLIC_DIR}${phoneScreenshotPath(shot.id, theme)}`;
  writeFileSync(file, await webp(page, png, PHONE_SHOT.width));
  console.log(`wrote ${file}`);
  await page.context().close();
}

/** The link preview: the name and the promise beside the dark settings screenshot, 1200 × 630. */
async function shareImage(browser: Browser, screenshot: Buffer) {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height } });
  await page.setContent(`<!doctype html><html><body style="margin:0;width:${SHARE_IMAGE.width}px;height:${SHARE_IMAGE.height}px;overflow:hidden;
    background:radial-gradient(circle at 15% 20%,#312e81 0,#030712 55%);font-family:system-ui,'Segoe UI',Roboto,Arial,sans-serif;color:#fff">
    <div style="position:absolute;left:64px;top:72px;width:470px">
      <div style="display:flex;align-items:center;gap:16px">
        <svg width="56" height="56" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/><rect x="7" y="8" width="18" height="6" rx="2" fill="#fff"/><rect x="7" y="18" width="18" height="6" rx="2" fill="#fff"/></svg>
        <span style="font-size:34px;font-weight:800">ServerManager</span>
      </div>
      <div style="margin-top:48px;font-size:54px;line-height:1.08;font-weight:800;letter-spacing:-1px">The Discord bot that runs your server <span style="color:#a5b4fc">for you</span></div>
      <div style="margin-top:28px;font-size:24px;line-height:1.4;color:#cbd5e1">Moderation, anti-nuke, welcome, logs and Last.fm, every setting in one dashboard.</div>
    </div>
    <img src="data:image/png;base64,${screenshot.toString('base64')}" style="position:absolute;left:580px;top:96px;width:880px;border-radius:16px;
      border:1px solid #374151;box-shadow:0 30px 80px rgba(0,0,0,.6)">
  </body></html>`);
  const file = `${PUBLIC_DIR}${SHARE_IMAGE.path}`;
  writeFileSync(file, await page.screenshot({ type: 'jpeg', quality: 88 }));
  console.log(`wrote ${file}`);
  await page.close();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  mkdirSync(`${PUBLIC_DIR}/screenshots`, { recursive: true });
  let settingsDark: Buffer | undefined;
  for (const shot of Object.values(LANDING_SCREENSHOTS)) {
    for (const theme of SCREENSHOT_THEMES) {
      const png = await capture(browser, shot, theme);
      if (shot.id === 'settings' && theme === 'dark') settingsDark = png;
    }
  }
  if (settingsDark) await shareImage(browser, settingsDark);
} finally {
  await browser.close();
}
