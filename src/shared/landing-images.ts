/**
 * The images of the landing page and of a shared link's preview, made from the demo by scripts/screenshots.ts
 * and committed under public/. The page and the script both read this list, so a size or a name lives here only.
 */
export const SCREENSHOT_THEMES = ['dark', 'light'] as const;
export type ScreenshotTheme = (typeof SCREENSHOT_THEMES)[number];

/** Each screenshot is kept at these widths (WebP), for `srcset`; the largest is its intrinsic size. */
export const SCREENSHOT_WIDTHS = [640, 1280] as const;

/**
 * Below this width a page shows the phone screenshot instead: the desktop one would be shrunk to a third. The
 * phone one is taken 390 CSS px wide at twice the pixels, the density of nearly every phone.
 */
export const PHONE_MAX_WIDTH_PX = 639;
export const PHONE_SHOT = { cssWidth: 390, scale: 2, width: 780, height: 1040 } as const;

export interface LandingScreenshot {
  id: 'settings' | 'library';
  alt: string;
  /** The largest file's size in pixels: the page reserves this ratio before the image arrives. */
  width: number;
  height: number;
}

export const LANDING_SCREENSHOTS: Readonly<Record<LandingScreenshot['id'], LandingScreenshot>> = {
  settings: {
    id: 'settings',
    alt: "The dashboard's settings page of a server: the module list with each module's state beside the Welcome Message editor, its placeholders and a preview of the message as Discord shows it",
    width: 1280,
    height: 720,
  },
  library: {
    id: 'library',
    alt: 'The Kenji Library page: a folder tree, the songs of the open folder with their download buttons, and the player bar',
    width: 1280,
    height: 720,
  },
};

export const screenshotPath = (id: LandingScreenshot['id'], theme: ScreenshotTheme, width: number) => `/screenshots/${id}-${theme}-${width}.webp`;
export const phoneScreenshotPath = (id: LandingScreenshot['id'], theme: ScreenshotTheme) => `/screenshots/${id}-${theme}-phone.webp`;

/** The preview a link to any public page shows in Discord and elsewhere (Open Graph), at the size they ask for. */
export const SHARE_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630, alt: 'ServerManager: the Discord bot and its dashboard' } as const;
