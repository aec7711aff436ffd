// Two readings of the bench host, printed at the top of a run so runs can be compared: its memory bandwidth (one
// thread copying 64 MB buffers) and its arithmetic (a pure-JS loop). On 27 November the loop held steady while
// the Worker's memory-bound work (large strings, native crypto, GC) moved by up to 50% between runs of one build.

const COPY_BYTES = 64 << 20;
const COPIES = 32;
const LOOP_ITERATIONS = 1e8;

export interface HostSpeed {
  copyGBps: number;
  loopMs: number;
}

function seconds(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function copyGBps(): number {
  const from = Buffer.alloc(COPY_BYTES, 1);
  const to = Buffer.alloc(COPY_BYTES);
  from.copy(to); // first touch of the pages, not counted
  const elapsed = seconds(() => {
    for (let i = 0; i < COPIES; i++) from.copy(to);
  });
  return (COPIES * COPY_BYTES) / 2 ** 30 / elapsed;
}

function loopMs(): number {
  let x = 0;
  const elapsed = seconds(() => {
    for (let i = 0; i < LOOP_ITERATIONS; i++) x = (x * 31 + i) % 1000003;
  });
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return elapsed * 1000;
}

/** The better of three readings each: a reading is only ever slowed by the rest of the machine, never sped up. */
export function hostSpeed(): HostSpeed {
  const readings = [0, 1, 2].map(() => ({ copyGBps: copyGBps(), loopMs: loopMs() }));
  return { copyGBps: Math.max(...readings.map((r) => r.copyGBps)), loopMs: Math.min(...readings.map((r) => r.loopMs)) };
}

export const hostSpeedText = ({ copyGBps, loopMs }: HostSpeed) => `memory copy ${copyGBps.toFixed(1)} GB/s, JS loop ${Math.round(loopMs)} ms`;
