// First setup file of the Worker tests under Stryker (vitest.worker.config.ts): makes the mutant the command runner
// chose the active one inside workerd, before any instrumented module is loaded.
import { inject } from 'vitest';

const id = inject('strykerActiveMutant');
if (id) {
  const scope = globalThis as { __stryker__?: { activeMutant?: string } };
  scope.__stryker__ ??= {};
  scope.__stryker__.activeMutant = id;
}
