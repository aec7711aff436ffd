import { clientCoding, codingEtag, contentEtag, etagMatches, type Compression } from '../representations';
import { STATIC_PAGE_CACHE_CONTROL } from './static-page';

/** What the runtime compresses a page with: both codings browsers take. */
export const PAGE_COMPRESSIONS: readonly Compression[] = ['br', 'gzip'];

/**
 * A prerendered page as the Worker answers it itself (at another of its addresses, or where no file was built),
 * in the coding the client prefers, each coding with its own tag and `Vary: Accept-Encoding` (RFC 9110 section
 * 8.8.3), and 304 only for the tag of the coding it would send. The plain tag is the page's hash. The runtime
 * compresses as it sends (`Content-Encoding` set, `encodeBody` left 'automatic'), so those bytes are its, not
 * fixed by us: a coded copy's tag is weak.
 */
export async function staticPageResponse(request: Request, html: Uint8Array<ArrayBuffer>): Promise<Response> {
  return pageResponse(request, html, await contentEtag(html));
}

/** The same for a page whose plain tag is known (a page kept in the edge cache, render/library-page.tsx). */
export function pageResponse(request: Request, html: BodyInit, plainEtag: string): Response {
  const coding = clientCoding(request, PAGE_COMPRESSIONS);
  const etag = coding === 'identity' ? plainEtag : `W/${codingEtag(plainEtag, coding)}`;
  const headers = new Headers({ ETag: etag, Vary: 'Accept-Encoding', 'Cache-Control': STATIC_PAGE_CACHE_CONTROL });
  if (etagMatches(request.headers.get('If-None-Match') ?? undefined, etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'text/html; charset=UTF-8');
  if (coding !== 'identity') headers.set('Content-Encoding', coding);
  return new Response(html, { headers });
}
