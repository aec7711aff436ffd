// Where each prerendered page's bytes go (dist/client/*.html, after `npm run build`): the head, the body's scripts,
// inline SVG, class attributes, other markup and text, with the page's gzip size and its largest repeated class
// lists, so the next cut can aim at what is there.
//   node scripts/bench/html-bytes.ts [--classes 5]
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const DIST = 'dist/client';
const { values } = parseArgs({ options: { classes: { type: 'string', default: '5' } } });

interface Parts {
  head: number;
  scripts: number;
  svg: number;
  classes: number;
  markup: number;
  text: number;
}

/** Removes every match of `pattern` from `html`, adding the bytes removed to the total given back. */
function cut(html: string, pattern: RegExp): { rest: string; bytes: number; matches: string[] } {
  const matches = html.match(pattern) ?? [];
  return { rest: html.replace(pattern, ''), bytes: matches.reduce((sum, match) => sum + Buffer.byteLength(match), 0), matches };
}

function parts(html: string): { parts: Parts; classLists: string[] } {
  const head = cut(html, /<head>[\s\S]*?<\/head>/);
  const scripts = cut(head.rest, /<script[\s\S]*?<\/script>/g);
  const svg = cut(scripts.rest, /<svg[\s\S]*?<\/svg>/g);
  const classes = cut(svg.rest, / class="[^"]*"/g);
  const markup = cut(classes.rest, /<[^>]*>/g);
  const classLists = [...classes.matches, ...svg.matches.flatMap((s) => s.match(/ class="[^"]*"/g) ?? [])];
  return {
    parts: { head: head.bytes, scripts: scripts.bytes, svg: svg.bytes, classes: classes.bytes, markup: markup.bytes, text: Buffer.byteLength(markup.rest) },
    classLists,
  };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const files = readdirSync(DIST).filter((name) => name.endsWith('.html'));
console.log('| page | bytes | gzip | head | scripts | svg | class="" | other tags | text |');
console.log('|---|---|---|---|---|---|---|---|---|');
const repeated = new Map<string, { count: number; pages: Set<string> }>();
for (const name of files) {
  const html = readFileSync(`${DIST}/${name}`, 'utf8');
  const { parts: p, classLists } = parts(html);
  const size = Buffer.byteLength(html);
  console.log(
    `| ${name} | ${kb(size)} KB | ${kb(gzipSync(html).length)} KB | ${kb(p.head)} | ${kb(p.scripts)} | ${kb(p.svg)} | ${kb(p.classes)} | ${kb(p.markup)} | ${kb(p.text)} |`,
  );
  for (const list of classLists) {
    const entry = repeated.get(list) ?? { count: 0, pages: new Set<string>() };
    entry.count += 1;
    entry.pages.add(name);
    repeated.set(list, entry);
  }
}
console.log(`\nThe class lists that cost most over all pages (bytes × times):`);
[...repeated.entries()]
  .map(([list, { count, pages }]) => ({ list, count, pages: pages.size, total: Buffer.byteLength(list) * count }))
  .sort((a, b) => b.total - a.total)
  .slice(0, Number(values.classes))
  .forEach(({ list, count, pages, total }) => console.log(`${kb(total)} KB  ${count}× in ${pages} pages ${list.trim()}`));
