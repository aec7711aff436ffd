import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_LIST_ID, SCRIPT_LOADER, type ScriptList } from '../../src/client/script-loader';

const LIST: ScriptList = { modules: ['/assets/main-1.js'], preloads: ['/assets/vendor-1.js', '/assets/Landing-1.js'] };

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

const requested = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
  modules: [...document.body.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
});

describe('the script loader', () => {
  it('asks for nothing before the first frame is painted', () => {
    start();
    expect(requested()).toEqual({ preloads: [], modules: [] });
    frames.forEach((frame) => frame(0));
    expect(requested()).toEqual({ preloads: [], modules: [] });
  });

  it('asks for the preloads and the entry in the task after the first frame, once', () => {
    start();
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    const once = { preloads: LIST.preloads, modules: LIST.modules };
    expect(requested()).toEqual(once);
    vi.advanceTimersByTime(250);
    expect(requested()).toEqual(once);
  });

  it('asks for them after 250 ms when no frame comes (a tab opened in the background), and not before', () => {
    start();
    vi.advanceTimersByTime(249);
    expect(requested().modules).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual({ preloads: LIST.preloads, modules: LIST.modules });
  });

  it('keeps the modules in order', () => {
    start({ modules: ['/@vite/client', '/src/client/main.tsx'], preloads: [] });
    vi.advanceTimersByTime(250);
    expect(requested().modules).toEqual(['/@vite/client', '/src/client/main.tsx']);
    expect([...document.body.querySelectorAll('script[type="module"]')].every((s) => !(s as HTMLScriptElement).async)).toBe(true);
  });
});
