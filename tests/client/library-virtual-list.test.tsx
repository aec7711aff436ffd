import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from '../../src/client/features/library/VirtualList';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const list = (resetKey: string) => <VirtualList label="Files" count={3} rowHeight={56} resetKey={resetKey} renderRow={(i) => `row ${i}`} />;

describe('the virtual list’s scroll position', () => {
  it('is left alone when the list mounts (a layout the browser would make there and then), and back at the top when it shows something else', () => {
    const setScrollTop = vi.spyOn(Element.prototype, 'scrollTop', 'set');
    const { rerender } = render(list('f:'));
    expect(setScrollTop).not.toHaveBeenCalled();
    rerender(list('f:Artist'));
    expect(setScrollTop).toHaveBeenCalledExactlyOnceWith(0);
    rerender(list('f:Artist'));
    expect(setScrollTop).toHaveBeenCalledOnce();
    rerender(list('q:song'));
    expect(setScrollTop).toHaveBeenCalledTimes(2);
  });
});
