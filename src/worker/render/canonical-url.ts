/**
 * One address per page: a page asked for by another spelling (`/Commands/`, `//commands`) is a permanent
 * redirect to its address, so a search engine never sees two copies of one page.
 */
import { canonicalPath } from '../../client/routes';
import { IsolateMemo } from '../isolate-memo';

/**
 * Each path's canonical spelling, fixed for the build: working it out walks the route table and imports the
 * rules of every route with parameters, 30–40 µs that every page request paid again (docs/performance.md).
 */
const canonicalPaths = new IsolateMemo<string | null>(1000);

async function knownCanonicalPath(pathname: string): Promise<string | null> {
  const known = canonicalPaths.get(pathname);
  if (known !== undefined) return known;
  const canonical = await canonicalPath(pathname);
  canonicalPaths.set(pathname, canonical);
  return canonical;
}

/** The redirect for a page request by another spelling; undefined when the address is the page's own, or no page's. */
export async function canonicalRedirect(request: Request): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/')) return undefined;
  const canonical = await knownCanonicalPath(url.pathname);
  if (canonical === null || canonical === url.pathname) return undefined;
  // A path, never a URL: the redirect cannot leave the site.
  return new Response(null, { status: 308, headers: { Location: `${canonical}${url.search}` } });
}
