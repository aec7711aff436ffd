import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/client/lazy-component';
import { StaticIsland } from '../../src/client/static-island';

function Content() {
  return <p>Drawn by the browser</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('a static island', () => {
  it('drawn by the server (no document), renders its content in the island’s element', async () => {
    const content = lazyComponent(() => Promise.resolve({ default: () => <p>Drawn by the server</p> }));
    // Loaded before rendering, as the Worker does (src/client/lazy-component.tsx).
    await content.preload();
    vi.stubGlobal('document', undefined);
    expect(renderToString(<StaticIsland id="showcase" content={content} />)).toBe('<div id="showcase"><p>Drawn by the server</p></div>');
  });

  it('keeps the server’s HTML on hydration without loading its code', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Content }));
    const content = lazyComponent(load);
    const root = document.createElement('div');
    root.innerHTML = '<div id="showcase"><p>Drawn by the server <a href="/commands">View Commands</a></p></div>';
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <StaticIsland id="showcase" content={content} />);
      await Promise.resolve();
    });
    expect(root.innerHTML).toBe('<div id="showcase"><p>Drawn by the server <a href="/commands">View Commands</a></p></div>');
    expect(load).not.toHaveBeenCalled();
    root.remove();
  });

  it('drawn by the browser (a client-side move to its page), loads its content', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Content }));
    render(<StaticIsland id="showcase" content={lazyComponent(load)} />);
    expect(await screen.findByText('Drawn by the browser')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
