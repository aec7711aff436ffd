// The Worker tests' config (vitest.config.ts) with what Stryker's command runner needs: the active mutant's id.
// Stryker's instrumented code finds it in process.env.__STRYKER_ACTIVE_MUTANT__, which the command runner sets for
// this Node process; the tests and the Worker run in workerd, whose process.env holds the Worker's bindings only. So
// the id crosses as a provided value, and activate-mutant.ts (the first setup file) puts it where the code looks.
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import workerConfig from '../../vitest.config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    strykerActiveMutant: string;
  }
}

export default defineConfig(async (env) => {
  const base: ViteUserConfig = await workerConfig(env);
  const setupFiles = base.test?.setupFiles ?? [];
  return {
    ...base,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    test: {
      ...base.test,
      setupFiles: [fileURLToPath(new URL('activate-mutant.ts', import.meta.url)), ...(Array.isArray(setupFiles) ? setupFiles : [setupFiles])],
      provide: { ...base.test?.provide, strykerActiveMutant: process.env.__STRYKER_ACTIVE_MUTANT__ ?? '' },
    },
  };
});
