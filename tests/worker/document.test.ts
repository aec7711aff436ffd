import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/worker/render/document';
import { EARLY_CLICKS_SCRIPT } from '../../src/client/early-clicks';
import { SCRIPT_LOADER } from '../../src/client/script-loader';
import { THEME_BOOT_SCRIPT } from '../../src/client/theme-script';
import { matchAppRoute } from '../../src/client/routes';

const page = () =>
  renderDocument({
    meta: { title: 'Commands | ServerManager', description: 'Every command', origin: 'https://example.com', address: '/commands' },
    assets: {
      scripts: ['/assets/main-1.js'],
      modulePreloads: ['/assets/main-1.js', '/assets/vendor-1.js'],
      styles: ['/assets/main-1.css', '/assets/extra-1.css'],
    },
    island: { fallback: {} },
    page: matchAppRoute('/commands'),
    appHtml: '<h1>Commands</h1>',
  });

describe('the HTML around the React root', () => {
  it('links the built sheets in the head, in order, and puts no sheet text in the page', () => {
    const html = page();
    const first = html.indexOf('<link rel="stylesheet" href="/assets/main-1.css"><link rel="stylesheet" href="/assets/extra-1.css">');
    expect(first).toBeGreaterThan(html.indexOf('<head>'));
    expect(first).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<style');
  });

  it('fetches the modules from the head at low priority, after the sheets, and runs them only from the loader after the content and the data island', () => {
    const html = page();
    const content = html.indexOf('<h1>Commands</h1>');
    const island = html.indexOf('id="__SM_DATA__"');
    const list = html.indexOf('<script type="application/json" id="__SM_SCRIPTS__">{"modules":["/assets/main-1.js"]}</script>');
    const preloads = html.indexOf(
      '<link rel="modulepreload" href="/assets/main-1.js" fetchpriority="low"><link rel="modulepreload" href="/assets/vendor-1.js" fetchpriority="low">',
    );
    expect(preloads).toBeGreaterThan(html.indexOf('<link rel="stylesheet" href="/assets/extra-1.css">'));
    expect(preloads).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(2);
    expect(content).toBeGreaterThan(html.indexOf('<body'));
    expect(island).toBeGreaterThan(content);
    expect(list).toBeGreaterThan(island);
    expect(html.indexOf(`<script>${SCRIPT_LOADER}</script>`)).toBeGreaterThan(list);
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html.indexOf('</head>')).toBeLessThan(content);
  });

  it('holds early clicks from the head on, before the sheets an inline script would wait for', () => {
    const html = page();
    const holder = html.indexOf(`<script>${EARLY_CLICKS_SCRIPT}</script>`);
    expect(holder).toBeGreaterThan(html.indexOf(`<script>${THEME_BOOT_SCRIPT}</script>`));
    expect(holder).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
  });
});
