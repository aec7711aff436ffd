import { createElement, lazy, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../src/worker/render/app-html';

const boundary = (children: ReactNode) => createElement(Suspense, { fallback: createElement('p', null, 'Loading…') }, children);

function Broken(): ReactNode {
  throw new Error('broken on purpose');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the app's HTML", () => {
  it('renders what is loaded in one synchronous pass', async () => {
    expect(await renderApp(boundary(createElement('h1', null, 'Commands')))).toEqual({ html: '<!--$--><h1>Commands</h1><!--/$-->', failed: false });
  });

  // The search for a boundary left to the browser looks for the end of React's mark alone (src/worker/render/app-html.ts).
  it("escapes `>` in text and attribute values, so nothing but React's own marks ends like one", async () => {
    const text = 'Win $!--> now <!--$!-->';
    const { html, failed } = await renderApp(boundary(createElement('p', { title: text }, text)));
    expect(html).toBe('<!--$--><p title="Win $!--&gt; now &lt;!--$!--&gt;">Win $!--&gt; now &lt;!--$!--&gt;</p><!--/$-->');
    expect(html).not.toContain('$!-->');
    expect(failed).toBe(false);
  });

  it('waits for a component that suspends, instead of leaving its boundary to the browser', async () => {
    const Late = lazy(() => Promise.resolve({ default: () => createElement('h1', null, 'Loaded late') }));
    const { html, failed } = await renderApp(boundary(createElement(Late)));
    expect(html).toBe('<!--$--><h1>Loaded late</h1><!--/$-->');
    expect(failed).toBe(false);
  });

  it('reports a component that throws inside a boundary as a failed render, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { html, failed } = await renderApp(boundary(createElement(Broken)));
    expect(failed).toBe(true);
    expect(html).toContain('<!--$!-->');
    expect(logged).toHaveBeenCalledWith('SSR failed', expect.objectContaining({ message: 'broken on purpose' }));
  });

  it('rejects when a component throws outside any boundary (the app answers its error page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(renderApp(createElement(Broken))).rejects.toThrow('broken on purpose');
  });
});
