/** Runs `task` when the browser is next idle; where there is no idle callback (Safari), in a later task. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task);
}
