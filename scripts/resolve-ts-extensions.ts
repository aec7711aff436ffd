// Node runs our TypeScript by stripping types, but it resolves imports as written, and src/ imports
// its siblings without the `.ts` the bundler adds. This hook tries `<specifier>.ts` for such imports, so
// operator scripts can reuse src/shared and src/worker/db: `node --import ./scripts/resolve-ts-extensions.ts …`.
import { registerHooks } from 'node:module';

const isRelativeWithoutExtension = (specifier: string) => /^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$|\.json$/.test(specifier);

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!isRelativeWithoutExtension(specifier)) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
