import { serializeIsland, DATA_ISLAND_ID, type IslandData } from '../../client/data-island';
import { THEME_BOOT_SCRIPT } from '../../client/theme-script';
import { escapeHtml } from '../html/escape';
import type { PageAssets } from './assets';

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
    `<script type="application/json" id="${DATA_ISLAND_ID}">${serializeIsland(island)}</script>`,
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    '</body>',
    '</html>',
  ].join('');
}
