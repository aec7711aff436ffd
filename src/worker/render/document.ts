import { scriptJson, DATA_ISLAND_ID, type IslandData } from '../../client/data-island';
import { THEME_BOOT_SCRIPT } from '../../client/theme-script';
import { escapeHtml } from '../html/escape';
import type { PageAssets } from './assets';
import { SCRIPT_LIST_ID, SCRIPT_LOADER, type ScriptList } from '../../client/script-loader';

interface DocumentParts {
  title: string;
  description: string;
  assets: PageAssets;
  island: IslandData;
  appHtml: string;
}

/** The HTML around the React root. Dark by default; the boot script switches to light before paint. */
export function renderDocument({ title, description, assets, island, appHtml }: DocumentParts): string {
  return [
    '<!doctype html>',
    '<html lang="en" class="dark" style="color-scheme:dark">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta name="theme-color" content="#030712">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    ...assets.inlineStyles.map((text) => `<style>${text}</style>`),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    '</head>',
    '<body class="bg-gray-50 antialiased dark:bg-gray-950">',
    `<div id="root">${appHtml}</div>`,
    `<script type="application/json" id="${DATA_ISLAND_ID}">${scriptJson(island)}</script>`,
    ...scriptElements(assets),
    '</body>',
    '</html>',
  ].join('');
}

/** The scripts as data, and the fixed loader that asks for them once the page is painted. */
function scriptElements({ scripts, modulePreloads }: PageAssets): string[] {
  const list: ScriptList = { modules: scripts, preloads: modulePreloads };
  return [`<script type="application/json" id="${SCRIPT_LIST_ID}">${scriptJson(list)}</script>`, `<script>${SCRIPT_LOADER}</script>`];
}
