import type { Plugin } from 'vite';

const ROUTE_MODULE = /[\\/]src[\\/]client[\\/]pages[\\/][^\\/]+[\\/]route\.ts$/;
const DESCRIPTION = /\bdescription:(\s*)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\$]|\\.)*`)/g;

/**
 * A route's description is the Worker's (the page's meta description and shared-link text, src/client/page-route.ts):
 * the browser's route table, which every page loads before it hydrates, carries it empty. Line breaks are kept, so
 * the module's source map still holds.
 */
export function clientRouteDescriptions(): Plugin {
  return {
    name: 'client-route-descriptions',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!ROUTE_MODULE.test(id)) return undefined;
      return { code: code.replace(DESCRIPTION, (_match, space: string) => `description:${space}""`), map: null };
    },
  };
}
