// The unit tests' config (vitest.client.config.ts), narrowed to the test files in $MUTATE_UNIT_TESTS (comma-separated)
// when set: mutate.ts passes the tests that reach the mutated file, so Vitest's `related` looks through those alone
// and a test file elsewhere that does not build (someone is editing it) cannot fail the run.
// (Stryker's own --testFiles would do it too, but with it the Vitest runner leaves static mutants inactive.)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import unitConfig from '../../vitest.client.config.ts';

const only = process.env.MUTATE_UNIT_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  ...unitConfig,
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: { ...unitConfig.test, ...(only ? { include: only } : {}) },
});
