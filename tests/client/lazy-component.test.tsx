import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, pageOf } from '../../src/client/lazy-component';

function Menu() {
  return <p>Account menu</p>;
}

describe('a code-split component', () => {
  it('says it is loaded once preloaded (the header then renders it without a Suspense boundary), and renders without suspending', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Menu }));
    const menu = lazyComponent(load);
    expect(menu.isLoaded()).toBe(false);
    await menu.preload();
    expect(menu.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <menu.Component />
      </Suspense>,
    );
    expect(screen.getByText('Account menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('imports its module once: later preloads (the Worker preloads on every request) reuse it, and still ask it for their params', async () => {
    const preloadFor = vi.fn(() => undefined);
    const load = vi.fn(() => Promise.resolve({ default: Menu, preloadFor }));
    const menu = lazyComponent(load);
    await menu.preload({ serverId: '1' });
    await menu.preload({ serverId: '2' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloadFor.mock.calls).toEqual([[{ serverId: '1' }], [{ serverId: '2' }]]);
  });

  it('tries its import again after one failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Menu });
    const menu = lazyComponent<object>(load);
    await expect(menu.preload()).rejects.toThrow('offline');
    expect(menu.isLoaded()).toBe(false);
    await menu.preload();
    expect(menu.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a page that draws a part of its own chunk at some addresses', () => {
  function View() {
    return <p>Module view</p>;
  }
  const view = lazyComponent(() => Promise.resolve({ default: View }));
  function Page({ params }: { params: Record<string, string> }) {
    return params.module === undefined ? <p>Overview</p> : <view.Component />;
  }
  const preloadFor = vi.fn(({ module }: Record<string, string>) => (module === undefined ? undefined : view.preload()));
  const page = pageOf('src/client/pages/test-split/page.tsx', () => Promise.resolve({ default: Page, preloadFor }));

  it('loads the part with the page for such an address, so the page renders it without suspending; not for the others', async () => {
    await page.preload({ serverId: '1' });
    expect(preloadFor).toHaveBeenLastCalledWith({ serverId: '1' });
    expect(view.isLoaded()).toBe(false);
    await page.preload({ serverId: '1', module: 'welcome-message' });
    expect(view.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <page.Component params={{ serverId: '1', module: 'welcome-message' }} />
      </Suspense>,
    );
    expect(screen.getByText('Module view')).toBeTruthy();
  });
});
