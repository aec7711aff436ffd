import { describe, expect, it } from 'vitest';
import { splitStyles } from '../../src/worker/render/assets';
import { renderDocument } from '../../src/worker/render/document';
import { SCRIPT_LOADER } from '../../src/client/script-loader';

const page = () =>
  new TextDecoder().decode(
    renderDocument({
      meta: { title: 'Commands | ServerManager', description: 'Every command', origin: 'https://example.com', address: '/commands' },
      assets: {
        scripts: ['/assets/main-1.js'],
        modulePreloads: ['/assets/vendor-1.js'],
        styles: ['/assets/extra-1.css'],
        inlineStyles: ['body{color:red}'],
      },
      island: { fallback: {} },
      appHtml: '<h1>Commands</h1>',
    }),
  );

describe('the HTML around the React root', () => {
  it('puts the built CSS in the head, so the first paint waits for no second request', () => {
    const html = page();
    expect(html.indexOf('<style>body{color:red}</style>')).toBeGreaterThan(html.indexOf('<head>'));
    expect(html.indexOf('<style>body{color:red}</style>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<link rel="stylesheet" href="/assets/extra-1.css">');
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

describe('which built sheets are inlined', () => {
  it('inlines a sheet whose text is known, links one that is not', () => {
    expect(splitStyles(['/a.css', '/b.css'], { '/a.css': 'a{}' })).toEqual({ styles: ['/b.css'], inlineStyles: ['a{}'] });
  });

  it('links a sheet that could close its own <style> element, in any case', () => {
    const sheets = { '/a.css': 'a{content:"</style>"}', '/b.css': 'b{content:"</STYLE"}', '/c.css': 'c{content:"<style>"}' };
    expect(splitStyles(['/a.css', '/b.css', '/c.css'], sheets)).toEqual({ styles: ['/a.css', '/b.css'], inlineStyles: ['c{content:"<style>"}'] });
  });
});
