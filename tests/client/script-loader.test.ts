import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_LIST_ID, SCRIPT_LOADER, type ScriptList } from '../../src/client/script-loader';

const LIST: ScriptList = { modules: ['/assets/main-1.js'] };

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});

/** The page as served: the script list, then the loader, which runs as an inline script would. */
function start(list: ScriptList = LIST) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="application/json" id="${SCRIPT_LIST_ID}">${JSON.stringify(list)}</script>`;
  // Run in this realm, where the timers are faked (happy-dom would run an inline <script> with its own).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is an inline script's text
  const run = new Function(SCRIPT_LOADER) as () => void;
  run();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const requested = () => [...document.body.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));

describe('the script loader', () => {
  it('runs nothing before the first frame is painted', () => {
    start();
    expect(requested()).toEqual([]);
    frames.forEach((frame) => frame(0));
    expect(requested()).toEqual([]);
  });

  it('runs the entry in the task after the first frame, once', () => {
    start();
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    expect(requested()).toEqual(LIST.modules);
    vi.advanceTimersByTime(250);
    expect(requested()).toEqual(LIST.modules);
  });

  it('runs it after 250 ms when no frame comes (a tab opened in the background), and not before', () => {
    start();
    vi.advanceTimersByTime(249);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual(LIST.modules);
  });

  it('keeps the modules in order', () => {
    start({ modules: ['/@vite/client', '/src/client/main.tsx'] });
    vi.advanceTimersByTime(250);
    expect(requested()).toEqual(['/@vite/client', '/src/client/main.tsx']);
    expect([...document.body.querySelectorAll('script[type="module"]')].every((s) => !(s as HTMLScriptElement).async)).toBe(true);
  });
});
