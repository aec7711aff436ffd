import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/worker/render/document';
import { SCRIPT_LOADER } from '../../src/client/script-loader';

const page = () =>
  renderDocument({
    meta: { title: 'Commands | ServerManager', description: 'Every command', origin: 'https://example.com', address: '/commands' },
    assets: {
      scripts: ['/assets/main-1.js'],
      modulePreloads: ['/assets/vendor-1.js'],
      styles: ['/assets/main-1.css', '/assets/extra-1.css'],
    },
    island: { fallback: {} },
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

  it('asks for the scripts only from the loader after the content and the data island: the page paints before they are fetched', () => {
    const html = page();
    const content = html.indexOf('<h1>Commands</h1>');
    const island = html.indexOf('id="__SM_DATA__"');
    const list = html.indexOf(
      '<script type="application/json" id="__SM_SCRIPTS__">{"modules":["/assets/main-1.js"],"preloads":["/assets/vendor-1.js"]}</script>',
    );
    expect(content).toBeGreaterThan(html.indexOf('<body'));
    expect(island).toBeGreaterThan(content);
    expect(list).toBeGreaterThan(island);
    expect(html.indexOf(`<script>${SCRIPT_LOADER}</script>`)).toBeGreaterThan(list);
    expect(html).not.toMatch(/<script[^>]* src=|<link rel="modulepreload"/);
    expect(html.indexOf('</head>')).toBeLessThan(content);
  });
});
