/**
 * Representations of what the Worker answers itself (RFC 9110 sections 8.4, 8.8 and 13): which content coding a
 * client gets, the entity tag of each coding, and If-None-Match. A coded body is another representation of the
 * resource, so it has its own tag (section 8.8.3): a conditional request carrying the gzip copy's tag must not
 * turn a request for the plain copy into a 304. Such answers say `Vary: Accept-Encoding`, so caches keep the
 * codings apart.
 */

export type ContentCoding = 'br' | 'gzip' | 'identity';
/** A coding that compresses: what an answer may offer besides identity. */
export type Compression = Exclude<ContentCoding, 'identity'>;

/** `coding` or `coding;q=weight` with a qvalue from 0 to 1 (at most three decimals), spaces allowed (RFC 9110 section 12.5.3). */
const ACCEPT_ELEMENT = /^([a-z0-9!#$%&'*+.^_`|~-]+)\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*)?$/i;

/** RFC 9110 section 8.4.1.3: x-gzip is gzip. */
const canonicalCoding = (coding: string) => (coding === 'x-gzip' ? 'gzip' : coding);

const isCoding = (coding: string, offered: readonly Compression[]): coding is ContentCoding =>
  coding === 'identity' || offered.some((compression) => compression === coding);

/**
 * The coding to answer with: of `offered` and identity, the one the client weights highest, and on a tie the one
 * it names first. Only codings the client names count: a bare `*` leaves the answer plain, which is always
 * acceptable, and so is a plain answer when nothing offered is (RFC 9110 section 12.5.3). Miniflare's model of
 * Cloudflare's edge chooses the same way, and codes again an answer it would have coded otherwise, which would
 * leave the body with another coding's tag.
 */
export function preferredCoding(acceptEncoding: string | null, offered: readonly Compression[]): ContentCoding {
  let best: { coding: ContentCoding; weight: number } = { coding: 'identity', weight: 0 };
  for (const element of (acceptEncoding ?? '').split(',')) {
    const match = ACCEPT_ELEMENT.exec(element.trim());
    if (!match) continue;
    const coding = canonicalCoding((match[1] ?? '').toLowerCase());
    const weight = match[2] === undefined ? 1 : Number(match[2]);
    if (isCoding(coding, offered) && weight > best.weight) best = { coding, weight };
  }
  return best.coding;
}

/**
 * What the client itself accepts. Cloudflare's edge (and Miniflare, which models it) hands the Worker
 * `Accept-Encoding: br, gzip` whatever the client sent, keeps the client's own header in `cf.clientAcceptEncoding`,
 * and codes the answer again for the client when its coding is not one the client takes.
 */
function clientAcceptEncoding(request: Request): string | null {
  const cf = request.cf as IncomingRequestCfProperties | undefined;
  return cf?.clientAcceptEncoding ?? request.headers.get('Accept-Encoding');
}

/** The coding to answer this request with (preferredCoding, from what the client itself sent). */
export const clientCoding = (request: Request, offered: readonly Compression[]): ContentCoding => preferredCoding(clientAcceptEncoding(request), offered);

/**
 * The tag of one coding of a representation, from the tag of its plain bytes: the plain copy keeps it, a coded
 * copy gets the coding as a suffix (`"abc"` → `"abc-gzip"`), and a weak tag stays weak.
 */
export function codingEtag(plainEtag: string, coding: ContentCoding): string {
  return coding === 'identity' ? plainEtag : plainEtag.replace(/"$/, `-${coding}"`);
}

/** A strong tag of these bytes: the first 128 bits of their SHA-256, in hex. */
export async function contentEtag(bytes: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return `"${[...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** RFC 9110 If-None-Match: a list of (weak-compared) ETags or '*'. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
