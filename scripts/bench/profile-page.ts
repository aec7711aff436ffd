// Where a page's Worker isolate CPU goes: a V8 CPU profile of the Worker over N requests to one path of a
// running server (`npm start`), printed as the functions with the most self time (file:line) and the total per
// request. Logged in as Demo Owner unless --anonymous.
//   node --import ./scripts/resolve-ts-extensions.ts scripts/bench/profile-page.ts --pid <npm start's pid> --port 8787 \
//     --path /server/300000000000000001 [--requests 400] [--top 30] [--inclusive] [--identity] [--callers get] [--save profile.cpuprofile]
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findWorkerInspector, InspectorSession, WORKER_NAME } from './inspector.ts';
import { costSplit, costSplitText } from './cost-split.ts';
import { busySampleCount, countSamples } from './isolate-cpu.ts';
import { requestHeaders } from './load.ts';
import { renderRatio, renderSamples } from './render-share.ts';
import { findWorkerd } from './workerd-proc.ts';

const { values } = parseArgs({
  options: {
    pid: { type: 'string' },
    port: { type: 'string', default: '8787' },
    path: { type: 'string', default: '/server/300000000000000001' },
    requests: { type: 'string', default: '400' },
    top: { type: 'string', default: '30' },
    anonymous: { type: 'boolean', default: false },
    inclusive: { type: 'boolean', default: false },
    // Without Accept-Encoding: what the page costs the isolate when nothing is compressed.
    identity: { type: 'boolean', default: false },
    // The callers (two frames up) of the functions whose name is this, by their self time: who calls a native `get`.
    callers: { type: 'string' },
    // Writes the V8 profile as it came (Chrome DevTools opens it; its nodes' positionTicks give the lines).
    save: { type: 'string' },
  },
});
if (values.pid === undefined) throw new Error('--pid <the pid of npm start> is required');
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const INTERVAL_US = 100;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

async function login(): Promise<string> {
  const pairs = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const start = await fetch(`${base}/api/auth`, { redirect: 'manual' });
  const authorize = new URL(start.headers.get('location') ?? '');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', '100000000000000002');
  const approved = await fetch(`${authorize.origin}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const callback = await fetch(approved.headers.get('location') ?? '', { headers: { cookie: pairs(start) }, redirect: 'manual' });
  return pairs(callback);
}

const cookie = values.anonymous ? undefined : await login();
const target = { name: values.path, path: values.path, ...(cookie === undefined ? {} : { cookie }) };
const headers = requestHeaders(target);
if (values.identity) delete headers['accept-encoding'];
const hammer = (amount: number) => autocannon({ url: `${base}${values.path}`, connections: 4, amount, headers });
await hammer(100); // warm: modules loaded, caches filled

const [pid] = findWorkerd(Number(values.pid), port).app;
if (pid === undefined) throw new Error('no app workerd');
/** workerd sometimes closes a fresh inspector connection before it answers; a new one then works. */
async function profiler(attempts = 3): Promise<InspectorSession> {
  const session = await InspectorSession.connect(await findWorkerInspector([pid ?? 0], WORKER_NAME));
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
    await session.send('Profiler.start');
    return session;
  } catch (error) {
    session.close();
    if (attempts <= 1) throw error;
    return profiler(attempts - 1);
  }
}
const session = await profiler();
const result = await hammer(Number(values.requests));
const { profile } = (await session.send('Profiler.stop')) as {
  profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
};
session.close();
if (values.save !== undefined) writeFileSync(values.save, JSON.stringify(profile));

const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id] as const)));
const frameKey = (frame: Node['callFrame']) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
/** With --callers, the sample's innermost frame and the two above it, when the innermost is the named function. */
function callerKey(id: number): string | undefined {
  const node = byNode.get(id);
  if (!node || (node.callFrame.functionName || '(anonymous)') !== values.callers) return undefined;
  const parent = byNode.get(parentOf.get(node.id) ?? -1);
  const grandparent = parent && byNode.get(parentOf.get(parent.id) ?? -1);
  return [node, parent, grandparent].flatMap((n) => (n ? [frameKey(n.callFrame)] : [])).join(' ← ');
}
/** With --inclusive, a sample counts for every function on its stack (once each), not only the innermost. */
function keysOf(id: number): Set<string> {
  const keys = new Set<string>();
  for (let node = byNode.get(id); node; node = values.inclusive ? byNode.get(parentOf.get(node.id) ?? -1) : undefined) {
    if (node.callFrame.functionName !== '(root)') keys.add(frameKey(node.callFrame));
  }
  return keys;
}
const selfUs = new Map<string, number>();
let busyUs = 0;
profile.samples.forEach((id, i) => {
  const frame = byNode.get(id)?.callFrame;
  const delta = profile.timeDeltas[i + 1] ?? INTERVAL_US;
  if (!frame || frame.functionName === '(idle)' || frame.functionName === '(root)') return;
  // A gap after a sample is time between requests, not the sample's: count at most a few periods.
  const us = Math.min(delta, 3 * INTERVAL_US);
  const keys = values.callers === undefined ? keysOf(id) : new Set([callerKey(id)].flatMap((k) => (k === undefined ? [] : [k])));
  for (const key of keys) selfUs.set(key, (selfUs.get(key) ?? 0) + us);
  busyUs += us;
});
const requests = result.requests.total;
console.log(`${values.path}: ${requests} requests (${result.non2xx} non-2xx), isolate ≈ ${(busyUs / 1000 / requests).toFixed(3)} ms per request`);
const busy = busySampleCount(countSamples(profile));
const render = renderSamples(profile);
console.log(`React's render (inclusive): ${render} of ${busy} busy samples, isolate ÷ render = ${renderRatio(busy, render)?.toFixed(2) ?? 'n/a'}×`);
console.log(`Busy samples by part (scripts/bench/cost-split.ts): ${costSplitText(costSplit(profile))}`);
console.log(`| ${values.inclusive ? 'inclusive' : 'self'} µs/request | function |`);
console.log('|---|---|');
for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`| ${(us / requests).toFixed(1)} | ${key} |`);
