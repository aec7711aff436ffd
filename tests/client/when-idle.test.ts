import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/client/when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('hands the task to the idle callback', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const task = vi.fn();
    whenIdle(task);
    expect(idle).toHaveBeenCalledWith(task);
    expect(task).not.toHaveBeenCalled();
  });

  it('without one (Safari), runs the task in a later task', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
