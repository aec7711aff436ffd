import { scriptJson, DATA_ISLAND_ID, type IslandData } from '../../client/data-island';
import { EARLY_CLICKS_SCRIPT } from '../../client/early-clicks';
import { THEME_BOOT_SCRIPT } from '../../client/theme-script';
import { SHARE_IMAGE } from '../../shared/landing-images';
import { escapeHtml } from '../html/escape';
import { islandPage, type PageAssets } from './assets';
import type { RouteMatch } from '../../client/routes';
import { SCRIPT_LIST_ID, SCRIPT_LOADER, type ScriptList } from '../../client/script-loader';

/** How a link to the page previews in Discord, search results and elsewhere. */
export interface PageMeta {
  title: string;
  description: string;
  /** The site's public origin (APP_ORIGIN): previews need absolute URLs. */
  origin: string;
  /** The page's own address, absent for a page that does not exist. */
  address: string | undefined;
}

interface DocumentParts {
  meta: PageMeta;
  assets: PageAssets;
  island: Omit<IslandData, 'page'>;
  /** The page rendered (the island names it to the browser). */
  page: RouteMatch;
  appHtml: string;
}

const metaTag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/**
 * Open Graph (Discord, Facebook, Slack…) and X's large card, with the one share image of public/. X reads the title,
 * description and image from Open Graph when its own tags are absent (developer.x.com/cards/markup), so only the
 * card's kind is said twice.
 */
function previewTags({ title, description, origin, address }: PageMeta): string[] {
  const url = address === undefined ? undefined : `${origin}${address}`;
  return [
    ...(url === undefined ? [] : [`<link rel="canonical" href="${escapeHtml(url)}">`, metaTag('property', 'og:url', url)]),
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', 'ServerManager'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:image', `${origin}${SHARE_IMAGE.path}`),
    metaTag('property', 'og:image:width', String(SHARE_IMAGE.width)),
    metaTag('property', 'og:image:height', String(SHARE_IMAGE.height)),
    metaTag('property', 'og:image:alt', SHARE_IMAGE.alt),
    metaTag('name', 'twitter:card', 'summary_large_image'),
  ];
}

/**
 * The HTML around the React root, as one string (the runtime encodes it as it sends it). Dark by default; the boot
 * script switches to light before paint. The page's modules are fetched while it is parsed and painted, at low
 * priority (never ahead of the stylesheet, and so not counted against the first paint by Lighthouse's simulation), and
 * run once it is painted (src/client/script-loader.ts): hydration starts the moment the first frame is out.
 */
export function renderDocument({ meta, assets, island, page, appHtml }: DocumentParts): string {
  return [
    '<!doctype html>',
    '<html lang="en" class="dark" style="color-scheme:dark">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    metaTag('name', 'description', meta.description),
    ...previewTags(meta),
    '<meta name="theme-color" content="#030712">',
    // A bitmap, drawn from public/favicon.svg: Chromium builds an SVG icon into a document of its own on the page's main
    // thread, 14–22 ms at 4× CPU throttling between the first paint and hydration (docs/performance.md).
    '<link rel="icon" href="/favicon.png" sizes="64x64" type="image/png">',
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    // Before the stylesheet, which an inline script would wait for.
    `<script>${EARLY_CLICKS_SCRIPT}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low">`),
    '</head>',
    '<body class="bg-gray-50 antialiased dark:bg-gray-950">',
    `<div id="root">${appHtml}</div>`,
    `<script type="application/json" id="${DATA_ISLAND_ID}">${scriptJson({ ...island, page: islandPage(page) })}</script>`,
    ...scriptElements(assets),
    '</body>',
    '</html>',
  ].join('');
}

/** The scripts as data, and the fixed loader that runs them once the page is painted. */
function scriptElements({ scripts }: PageAssets): string[] {
  const list: ScriptList = { modules: scripts };
  return [`<script type="application/json" id="${SCRIPT_LIST_ID}">${scriptJson(list)}</script>`, `<script>${SCRIPT_LOADER}</script>`];
}
