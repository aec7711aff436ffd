// Profiles the user Worker's V8 isolate through workerd's inspector (the one `wrangler dev` enables on the
// app workerd, on a port of its own choosing), so the Worker's own CPU time can be told apart from the
// local simulations of D1, KV, R2, the Cache API and static assets that share the workerd process.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { busySampleCount, countSamples, isolateCpu, samplerPeriod, type CpuProfile, type IsolateCpu } from './isolate-cpu.ts';
import { mainThreadCpuSeconds } from './workerd-proc.ts';

/** wrangler.toml's `name`: workerd calls the Worker's inspector target `core:user:<name>`. */
export const WORKER_NAME = 'servermanager';

const COMMAND_TIMEOUT_MS = 60_000;

/** Socket inodes of the process's descriptors, in descriptor order (which follows the order they were opened). */
function socketInodes(pid: number): string[] {
  const inodes: string[] = [];
  const fds = readdirSync(`/proc/${pid}/fd`)
    .map(Number)
    .sort((a, b) => a - b);
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.push(match[1]);
    } catch {
      // the descriptor closed since we listed it
    }
  }
  return inodes;
}

const LISTEN = '0A';

/** inode → port of the sockets listening in the process's network namespace, from /proc/net/tcp{,6}. */
function listeningSockets(pid: number): Map<string, number> {
  const ports = new Map<string, number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === LISTEN && inode !== undefined) ports.set(inode, parseInt(local?.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/**
 * The ports the process listens on, in the order it opened them. wrangler's app workerd (as of wrangler 4,
 * seen on two runs) opens its entry, then its inspector, then a Cap'n Proto debug port; stopping at the
 * inspector matters, since an HTTP request to the debug port breaks workerd's RPC connection (it logs a
 * warning). The entry answers /json/list through the Worker (a 404 page), once per workerd.
 */
export function listeningPorts(pid: number): number[] {
  const listening = listeningSockets(pid);
  return socketInodes(pid).flatMap((inode) => {
    const port = listening.get(inode);
    return port === undefined ? [] : [port];
  });
}

interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

async function targetsOn(port: number): Promise<InspectorTarget[]> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
    if (!response.headers.get('content-type')?.includes('json')) {
      await response.body?.cancel();
      return [];
    }
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as InspectorTarget[]) : [];
  } catch {
    return []; // not an HTTP port (or not answering): not the inspector
  }
}

/** The WebSocket URL of the Worker's inspector target (`core:user:<name>`) on one of the processes' ports. */
export async function findWorkerInspector(pids: number[], workerName: string): Promise<string> {
  const key = `${pids.join(',')} ${workerName}`;
  const known = inspectorUrls.get(key);
  if (known !== undefined) return known;
  const url = await searchWorkerInspector(pids, workerName);
  inspectorUrls.set(key, url);
  return url;
}

// Looked up once per workerd: probing the ports sends a request through the Worker.
const inspectorUrls = new Map<string, string>();

async function searchWorkerInspector(pids: number[], workerName: string): Promise<string> {
  const id = `core:user:${workerName}`;
  for (const pid of pids) {
    for (const port of listeningPorts(pid)) {
      const target = (await targetsOn(port)).find((t) => t.id === id);
      if (target) return target.webSocketDebuggerUrl;
    }
  }
  throw new Error(`no inspector target ${id} on workerd ${pids.join(', ')}`);
}

interface Message {
  id?: number;
  result?: unknown;
  error?: { message: string };
  method?: string;
  params?: unknown;
}

/** A Chrome DevTools Protocol session; replies are matched to commands by id as they arrive. */
export class InspectorSession {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, (params: unknown) => void>();

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => this.onMessage(String(event.data)));
    socket.addEventListener('close', (event) => this.failAll(new Error(`inspector connection closed (${event.code} ${event.reason})`)));
  }

  static async connect(url: string): Promise<InspectorSession> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    return new InspectorSession(socket);
  }

  /** workerd echoes `method` in its replies to the Profiler commands, so an id is what tells a reply from an event. */
  private onMessage(text: string) {
    const message = JSON.parse(text) as Message;
    if (message.id === undefined) {
      if (message.method !== undefined) this.listeners.get(message.method)?.(message.params);
      return;
    }
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  }

  on(event: string, listener: (params: unknown) => void) {
    this.listeners.set(event, listener);
  }

  private failAll(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  /** The timer also keeps Node running: an open WebSocket alone does not, so a pending reply would be dropped. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no reply from the inspector in ${COMMAND_TIMEOUT_MS} ms`));
      }, COMMAND_TIMEOUT_MS);
      const settle = (done: () => void) => {
        clearTimeout(timer);
        done();
      };
      this.pending.set(id, { resolve: (result) => settle(() => resolve(result)), reject: (error) => settle(() => reject(error)) });
      // A browser's page is reached through the browser's socket, by the session its attachment gave (flatten mode).
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }));
    });
  }

  close() {
    this.socket.close();
  }
}

function profileOf(stopResult: unknown): CpuProfile {
  const profile = (stopResult as { profile?: CpuProfile } | undefined)?.profile;
  if (!profile || !Array.isArray(profile.nodes)) throw new Error('Profiler.stop returned no profile');
  return profile;
}

async function workerContextId(session: InspectorSession): Promise<number> {
  let contextId: number | undefined;
  session.on('Runtime.executionContextCreated', (params) => (contextId ??= (params as { context: { id: number } }).context.id));
  // The existing contexts are announced before the reply.
  await session.send('Runtime.enable');
  if (contextId === undefined) throw new Error('the Worker has no execution context yet (send it a request first)');
  return contextId;
}

// Pure JS for a few hundred ms: long enough for /proc's 10 ms ticks, and nothing but the isolate works meanwhile.
const SPIN = '(() => { let x = 0; for (let i = 0; i < 6e7; i++) x = (x * 31 + i) % 1000003; return x; })()';

export interface Calibration {
  /** The sampler's period while the isolate ran the spin. */
  periodUs: number;
  /** The spin's time from its samples (× periodUs). */
  isolateMs: number;
  /**
   * The CPU of workerd's main thread (where the isolate runs) over the same command; not the whole
   * process, whose V8 profiler thread alone costs about 10% at a 100 µs interval.
   */
  threadMs: number | undefined;
}

function threadCpuMs(pid: number, work: () => Promise<unknown>): Promise<number | undefined> {
  const before = mainThreadCpuSeconds(pid);
  return work().then(() => {
    const after = mainThreadCpuSeconds(pid);
    return before === undefined || after === undefined ? undefined : (after - before) * 1000;
  });
}

/** A known stretch of JS in the Worker's isolate: measures the sampler's real period, and checks samples × period against /proc. */
async function calibrate(session: InspectorSession, pid: number, intervalUs: number): Promise<Calibration> {
  const contextId = await workerContextId(session);
  await session.send('Profiler.start');
  const threadMs = await threadCpuMs(pid, () => session.send('Runtime.evaluate', { expression: SPIN, contextId }));
  const profile = profileOf(await session.send('Profiler.stop'));
  await session.send('Runtime.disable');
  const periodUs = samplerPeriod(profile.timeDeltas ?? [], intervalUs).periodUs ?? intervalUs;
  return { periodUs, isolateMs: (busySampleCount(countSamples(profile)) * periodUs) / 1000, threadMs };
}

const SETUP_ATTEMPTS = 3;

/**
 * A session with the profiler enabled and calibrated. workerd sometimes closes a fresh inspector
 * connection ("client closed connection") before it answers; a new one then works.
 */
async function openProfiler(pid: number, intervalUs: number): Promise<{ session: InspectorSession; calibration: Calibration }> {
  for (let attempt = 1; ; attempt++) {
    const session = await InspectorSession.connect(await findWorkerInspector([pid], WORKER_NAME));
    try {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: intervalUs });
      return { session, calibration: await calibrate(session, pid, intervalUs) };
    } catch (error) {
      session.close();
      if (attempt >= SETUP_ATTEMPTS) throw error;
    }
  }
}

/** Lets waitUntil() tails of the work land inside the profile. */
const SETTLE_MS = 300;

export interface IsolateProfile<T> {
  result: T;
  isolate: IsolateCpu;
  calibration: Calibration;
}

/**
 * The Worker isolate's CPU while `work` runs, sampled every `intervalUs` µs, through the inspector of
 * the app workerd `pid` (wrangler runs one; its main thread runs the isolates).
 */
export async function workerIsolateCpuDuring<T>(pid: number, intervalUs: number, work: () => Promise<T>): Promise<IsolateProfile<T>> {
  const { session, calibration } = await openProfiler(pid, intervalUs);
  try {
    await session.send('Profiler.start');
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const profile = profileOf(await session.send('Profiler.stop'));
    return { result, isolate: isolateCpu(profile, intervalUs, calibration.periodUs), calibration };
  } finally {
    session.close();
  }
}
