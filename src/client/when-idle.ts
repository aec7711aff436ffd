/** Runs `task` when the browser is next idle (within 2 s at the latest); where there is no idle callback (Safari), in a later task. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}
