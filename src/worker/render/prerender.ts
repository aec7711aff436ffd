/**
 * The build's entry for the prerendered pages (scripts/prerender.ts bundles it for Node and runs it): each page's
 * file, and the `_headers` rules that give the asset server's answers the headers the Worker gives its own.
 */
import { securityHeaderList } from '../security-headers';
import { contentSecurityPolicy } from './content-security-policy';
import { PRERENDERED_ROUTES, renderStaticPage, STATIC_PAGE_CACHE_CONTROL, staticPageAddress, staticPageFile } from './static-page';

export interface PrerenderedFile {
  /** Path inside the assets directory. */
  name: string;
  body: string;
}

/**
 * What the Worker's middleware puts on a page, read from that middleware rather than listed again. The edge
 * compresses the file for each client as it sends it, so the answer varies with Accept-Encoding; its ETag is
 * the asset server's (docs/architecture.md, Prerendered pages).
 */
async function pageHeaders(origin: string): Promise<[string, string][]> {
  return [
    // As a Headers object lists them: lower case, by name.
    ...(await securityHeaderList()).map(([name, value]): [string, string] => [name.toLowerCase(), value]).sort(([a], [b]) => (a < b ? -1 : 1)),
    ['content-security-policy', await contentSecurityPolicy(origin)],
    ['cache-control', STATIC_PAGE_CACHE_CONTROL],
    ['vary', 'Accept-Encoding'],
  ];
}

/** `_headers` rules, one block per page address (its file's address: a rule names the URL, not the file). */
function headerRules(headers: readonly [string, string][]): string {
  const lines = headers.map(([name, value]) => `  ${name}: ${value}`).join('\n');
  return PRERENDERED_ROUTES.map((route) => `${staticPageAddress(route)}\n${lines}\n`).join('\n');
}

export async function prerender(origin: string): Promise<{ files: PrerenderedFile[]; headerRules: string }> {
  const files = await Promise.all(PRERENDERED_ROUTES.map(async (route) => ({ name: staticPageFile(route), body: await renderStaticPage(route, origin) })));
  return { files, headerRules: headerRules(await pageHeaders(origin)) };
}
