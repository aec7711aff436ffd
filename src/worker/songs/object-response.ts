import { contentTypeOf } from '../../shared/content-types';
import { baseName } from '../../shared/song-paths';
import { ApiError } from '../errors';
import { etagMatches } from './song-list';
import { decideRange } from './range';

export function contentTypeFor(path: string, stored?: string): string {
  return stored !== undefined && stored !== '' ? stored : contentTypeOf(path);
}

/** RFC 3986 unreserved characters stay; everything else in the UTF-8 name is percent-encoded (RFC 8187). */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * RFC 6266: an ASCII `filename` for old clients and a UTF-8 `filename*` that modern ones prefer.
 * The fallback drops characters that would need quoting or are not printable ASCII.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').replace(/[\r\n]/g, '') || 'download';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

const songNotFound = (path: string) => new ApiError(404, 'SONG_NOT_FOUND', `There is no file '${path}' in this library.`);

/**
 * A GET/HEAD answer for one R2 object, with Range (206/416), ETag, If-None-Match (304) and If-Range.
 * Requests without Range cost one R2 call; ranged ones need the size first (head, then a ranged get).
 */
export async function objectResponse(request: Request, bucket: R2Bucket, path: string, disposition: 'attachment' | 'inline'): Promise<Response> {
  const rangeHeader = request.headers.get('Range');
  const ifNoneMatch = request.headers.get('If-None-Match') ?? undefined;
  const head = request.method === 'HEAD' || rangeHeader || ifNoneMatch ? await bucket.head(path) : null;
  if ((request.method === 'HEAD' || rangeHeader || ifNoneMatch) && !head) throw songNotFound(path);

  const baseHeaders = (object: R2Object): Headers => {
    const headers = new Headers();
    headers.set('Content-Type', contentTypeFor(path, object.httpMetadata?.contentType));
    headers.set('Content-Disposition', contentDisposition(disposition, baseName(path)));
    headers.set('Accept-Ranges', 'bytes');
    headers.set('ETag', object.httpEtag);
    headers.set('Last-Modified', object.uploaded.toUTCString());
    headers.set('Cache-Control', 'public, max-age=3600');
    return headers;
  };

  if (head && etagMatches(ifNoneMatch, head.httpEtag)) {
    return new Response(null, { status: 304, headers: baseHeaders(head) });
  }

  // If-Range: only honour the range if the client's copy is still current.
  const ifRange = request.headers.get('If-Range');
  const rangeStillValid = !ifRange || !head || ifRange === head.httpEtag || ifRange === head.uploaded.toUTCString();
  const decision = head && rangeStillValid ? decideRange(rangeHeader, head.size) : ({ kind: 'full' } as const);

  if (decision.kind === 'unsatisfiable' && head) {
    const headers = baseHeaders(head);
    headers.set('Content-Range', `bytes */${head.size}`);
    headers.set('Content-Type', 'application/json');
    headers.delete('Content-Disposition');
    const body = JSON.stringify({ error: `The requested range is outside the file (${head.size} bytes).`, code: 'RANGE_NOT_SATISFIABLE' });
    return new Response(body, { status: 416, headers });
  }

  if (request.method === 'HEAD' && head) {
    const headers = baseHeaders(head);
    if (decision.kind === 'partial') {
      headers.set('Content-Range', `bytes ${decision.range.offset}-${decision.range.offset + decision.range.length - 1}/${head.size}`);
      headers.set('Content-Length', String(decision.range.length));
      return new Response(null, { status: 206, headers });
    }
    headers.set('Content-Length', String(head.size));
    return new Response(null, { status: 200, headers });
  }

  const range = decision.kind === 'partial' ? decision.range : undefined;
  // etagMatches guards against the object changing between head and get (the range would be wrong).
  const object = await bucket.get(path, range ? { range, onlyIf: head ? { etagMatches: head.etag } : undefined } : undefined);
  if (!object) throw songNotFound(path);
  if (!('body' in object)) {
    throw new ApiError(409, 'SONG_CHANGED', 'The file changed while it was being read. Please try again.');
  }
  const headers = baseHeaders(object);
  if (range) {
    headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set('Content-Length', String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers });
}
