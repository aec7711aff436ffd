// The public pages against a static asset, on a server that is already running (`npm start`): for each page its
// bytes on the wire with a browser's headers and its workerd CPU per request paired with the static asset's
// (scripts/bench/load.ts), and beside it the built stylesheet's, a static file of a page's size, so a change to how
// the pages are served or to their HTML can be measured in a minute, several times.
//   node --import ./scripts/resolve-ts-extensions.ts scripts/bench/pages.ts --pid <npm start's pid> [--port 8787] [--rounds 7]
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { parseArgs } from 'node:util';
import { measure, ratioText, requestHeaders, type CpuSource, type LoadTarget } from './load.ts';
import { findWorkerd } from './workerd-proc.ts';

const { values } = parseArgs({ options: { pid: { type: 'string' }, port: { type: 'string', default: '8787' }, rounds: { type: 'string', default: '7' } } });
if (values.pid === undefined) throw new Error('--pid <the pid of npm start> is required (its workerd processes are measured)');
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const root = Number(values.pid);

const STATIC: LoadTarget = { name: 'static /favicon.svg', path: '/favicon.svg' };

/**
 * The built stylesheet (dist/client, the build the server serves): a static text file of a page's size, which the
 * front line (wrangler's copy of it) compresses per request as it does a page, where the favicon is 240 bytes.
 */
function stylesheet(): LoadTarget {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { css?: string[] }>;
  const css = manifest['src/client/main.tsx']?.css?.[0];
  if (css === undefined) throw new Error('dist/client has no built stylesheet: build first');
  return { name: `static /${css}`, path: `/${css}` };
}
const STYLESHEET = stylesheet();
const PAGES: LoadTarget[] = ['/', '/commands', '/privacy-policy', '/terms-of-service', '/contact', '/kenji', '/glaive'].map((path) => ({ name: path, path }));
const CPU: CpuSource = { kind: 'pass', rounds: Number(values.rounds), requests: 1000, connections: 4 };

/** The body as sent (fetch would decode it). */
function wire(target: LoadTarget): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(`${base}${target.path}`, { headers: requestHeaders(target) }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'] ?? 'identity', bytes }));
    }).on('error', reject);
  });
}

console.log(`| path | Content-Encoding | bytes on the wire | workerd CPU ms/req | × static (median of ${CPU.rounds} paired passes) | × the stylesheet |`);
console.log('|---|---|---|---|---|---|');
const staticRow = await measure(base, STATIC, { connections: 4, durationSeconds: 1 }, CPU, () => findWorkerd(root, port), undefined);
console.log(`| ${STATIC.name} | | | ${staticRow.cpu?.workerMs.toFixed(2) ?? 'n/a'} | | |`);
let stylesheetOfStatic: number | undefined;
for (const page of [STYLESHEET, ...PAGES]) {
  await (await fetch(`${base}${page.path}`)).arrayBuffer();
  const { encoding, bytes } = await wire(page);
  const row = await measure(base, page, { connections: 4, durationSeconds: 1 }, CPU, () => findWorkerd(root, port), undefined, STATIC);
  stylesheetOfStatic ??= row.cpuOfStatic;
  const ofStylesheet = row.cpuOfStatic !== undefined && stylesheetOfStatic !== undefined ? `${(row.cpuOfStatic / stylesheetOfStatic).toFixed(2)}×` : 'n/a';
  console.log(`| ${page.name} | ${encoding} | ${bytes} | ${row.cpu?.workerMs.toFixed(2) ?? 'n/a'} | ${ratioText(row) || 'n/a'} | ${ofStylesheet} |`);
}
