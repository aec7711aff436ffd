import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/client/lazy-component';

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
});
