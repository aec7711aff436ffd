import type { Plugin } from 'vite';

/** What the browser's router reads of a route: src/client/routes.ts, App.tsx, hydrate.tsx, useLibraryPrefetch.ts. */
export const ROUTER_FIELDS: ReadonlySet<string> = new Set(['id', 'paths', 'title', 'chrome', 'toasts']);
/**
 * What only the Worker reads of a route: its description (the page's meta description and shared-link text), its
 * rules (src/client/page-route.ts), which the page imports from its own folder, and the modules it preloads with the page.
 */
export const WORKER_FIELDS: ReadonlySet<string> = new Set(['description', 'rules', 'modules']);

const ROUTE_TABLE = /[\\/]src[\\/]client[\\/]routes\.ts$/;
const ROUTE_MODULE = /[\\/]src[\\/]client[\\/]pages[\\/][^\\/]+[\\/]route\.ts$/;
const TABLE_COPY = '?route-table';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Property extends Node {
  key: Node & { name?: string };
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The object literals given to `defineRoute` (src/client/page-route.ts) anywhere in the module. */
function routeDeclarations(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) routeDeclarations(child, found);
  } else if (isNode(node)) {
    const call = node as Node & { callee?: Node & { name?: string }; arguments?: Node[] };
    const [argument] = call.arguments ?? [];
    if (node.type === 'CallExpression' && call.callee?.name === 'defineRoute' && argument?.type === 'ObjectExpression') found.push(argument);
    for (const value of Object.values(node)) if (typeof value === 'object') routeDeclarations(value, found);
  }
  return found;
}

interface ImportDeclaration extends Node {
  specifiers: (Node & { local: { name: string } })[];
}

/** The names the module reads outside its imports: identifiers, not property names (`{ title: … }`, `a.title`). */
function namesRead(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) namesRead(child, names);
    return names;
  }
  if (!isNode(node) || node.type === 'ImportDeclaration') return names;
  const { key, property, computed, shorthand, name } = node as Node & { key?: Node; property?: Node; computed?: boolean; shorthand?: boolean; name?: string };
  if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && name !== undefined) names.add(name);
  for (const [field, value] of Object.entries(node)) {
    const propertyName = (field === 'key' && value === key && !computed && !shorthand) || (field === 'property' && value === property && !computed);
    if (!propertyName && typeof value === 'object') namesRead(value, names);
  }
  return names;
}

/** Its imports that the rest of the module no longer names (a trimmed key's `apiKeys`), which would still load. */
function unusedImports(program: unknown): Node[] {
  const body = (program as { body: Node[] }).body;
  const read = namesRead(body);
  const imports = body.filter((node): node is ImportDeclaration => node.type === 'ImportDeclaration');
  return imports.filter((node) => node.specifiers.length > 0 && node.specifiers.every(({ local }) => !read.has(local.name)));
}

/** Cuts ranges out of `code`, putting `text` in their place. */
function spliced(code: string, edits: { from: number; to: number; text: string }[]): string {
  return [...edits].sort((a, b) => b.from - a.from).reduce((out, { from, to, text }) => out.slice(0, from) + text + out.slice(to), code);
}

/** The module's code with only the properties of its route declarations that `kept` names. */
export function trimRouteModule(code: string, parse: (code: string) => unknown, kept: (field: string) => boolean): string {
  const edits = routeDeclarations(parse(code)).flatMap((declaration) => {
    const properties = (declaration as Node & { properties: Property[] }).properties;
    const keep = properties.filter((property) => property.type !== 'Property' || kept(property.key.name ?? ''));
    const [first] = properties;
    const last = properties.at(-1);
    if (!first || !last || keep.length === properties.length) return [];
    return [{ from: first.start, to: last.end, text: keep.map((property) => code.slice(property.start, property.end)).join(', ') }];
  });
  const trimmed = spliced(code, edits);
  return spliced(
    trimmed,
    unusedImports(parse(trimmed)).map(({ start, end }) => ({ from: start, to: end, text: '' })),
  );
}

/**
 * The browser's copies of the route modules (src/client/pages/<id>/route.ts) hold only what the browser reads. Every
 * page loads the route table before it hydrates, and with it every route module: the table imports a copy of each
 * holding only what the router reads (ROUTER_FIELDS), so a page's data keys load with that page, which imports its
 * own module with all but what only the Worker reads (WORKER_FIELDS). The Worker's build and the tests read the
 * modules as they are.
 */
export function clientRouteModules(): Plugin {
  return {
    name: 'client-route-modules',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || !ROUTE_TABLE.test(importer)) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ROUTE_MODULE.test(resolved.id) ? { ...resolved, id: `${resolved.id}${TABLE_COPY}` } : undefined;
    },
    transform: {
      // After TypeScript is stripped: the parser reads JavaScript.
      order: 'post',
      handler(code, id) {
        const table = id.endsWith(TABLE_COPY);
        if (!table && !ROUTE_MODULE.test(id)) return undefined;
        const kept = table ? (field: string) => ROUTER_FIELDS.has(field) : (field: string) => !WORKER_FIELDS.has(field);
        return { code: trimRouteModule(code, (source) => this.parse(source), kept), map: null };
      },
    },
  };
}
