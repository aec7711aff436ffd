import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_HELPER } from '../../vite-plugins/client-preload-helper';

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;
/** A fresh copy of the helper's module, as the client build runs it. */
const freshHelper = () => runInThisContext(`(() => { ${PRELOAD_HELPER.replace('export const __vitePreload =', 'return')} })`) as () => Preload;

// What the helper appends to the head is kept here, out of the document: the test says when a sheet has loaded (the
// simulated DOM would load it at once).
let appended: HTMLLinkElement[] = [];
beforeEach(() => {
  appended = [];
  // Typed as the DOM's: in this project the Workers types' `Element` (HTMLRewriter's) is in scope too.
  const head = document.head as unknown as { append(...nodes: unknown[]): void };
  vi.spyOn(head, 'append').mockImplementation((...nodes: unknown[]) => {
    appended.push(...nodes.filter((node) => node instanceof HTMLLinkElement));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.replaceChildren();
});
const sheetLinks = () => appended.filter((link) => link.rel === 'stylesheet');
/** Whether the promise has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("the client build's dynamic import helper (vite-plugins/client-preload-helper.ts)", () => {
  const page = { default: 'the page' };

  it('imports a chunk that brings no stylesheet at once', async () => {
    await expect(freshHelper()()(() => Promise.resolve(page), [])).resolves.toBe(page);
    await expect(freshHelper()()(() => Promise.resolve(page))).resolves.toBe(page);
    expect(sheetLinks()).toEqual([]);
  });

  it("links the chunk's stylesheet and answers only once it has loaded", async () => {
    const preload = freshHelper()();
    const imported = preload(() => Promise.resolve(page), ['assets/page-1.css']);
    const [link] = sheetLinks();
    expect(link?.getAttribute('href')).toBe('/assets/page-1.css');
    expect(await settled(imported)).toBe(false);
    link?.dispatchEvent(new Event('load'));
    await expect(imported).resolves.toBe(page);
  });

  it('links a stylesheet once, however often its chunk is imported', async () => {
    const preload = freshHelper()();
    const first = preload(() => Promise.resolve(page), ['assets/page-1.css']);
    const second = preload(() => Promise.resolve(page), ['assets/page-1.css']);
    expect(sheetLinks()).toHaveLength(1);
    // The second import waits for the same sheet: a page never shows before its stylesheet is in.
    expect(await settled(second)).toBe(false);
    sheetLinks()[0]?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([page, page]);
  });

  it('does not link again a stylesheet the Worker linked with the page it served', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/page-1.css">';
    await expect(freshHelper()()(() => Promise.resolve(page), ['assets/page-1.css'])).resolves.toBe(page);
    expect(sheetLinks()).toEqual([]);
  });

  it('fails the import when the stylesheet cannot be loaded', async () => {
    const imported = freshHelper()()(() => Promise.resolve(page), ['assets/page-1.css']);
    sheetLinks()[0]?.dispatchEvent(new Event('error'));
    await expect(imported).rejects.toBeDefined();
  });
});
