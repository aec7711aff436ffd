import { contentTypeOf } from '../../shared/content-types';
import { baseName } from '../../shared/songs/paths';
import { ApiError } from '../errors';
import { etagMatches } from '../representations';
import { decideRange, type ByteRange, type RangeDecision } from './range';

/**
 * Sent with every file (song, download, zip), so that even a file stored with a misleading name or type is
 * inert on our origin: no script, no plugin, no sniffing it into HTML, and no other site embedding it.
 */
export const FILE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

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

export const songNotFound = (path: string) => new ApiError(404, 'SONG_NOT_FOUND', `There is no file '${path}' in this library.`);

/**
 * What a GET/HEAD for one R2 object will answer, decided before any body is read, so a caller can count
 * or refuse it first. `head` is null when the request needs no metadata up front (a plain GET): the
 * whole object then follows, at the cost of one R2 call.
 */
export interface ObjectRead {
  request: Request;
  bucket: R2Bucket;
  path: string;
  head: R2Object | null;
  answer: { kind: 'not-modified' } | RangeDecision;
}

/** A plan that knows the object's size whatever the request, so what it sends can be paid for first. */
export interface SizedObjectRead extends ObjectRead {
  head: R2Object;
}

export async function planObjectRead(request: Request, bucket: R2Bucket, path: string): Promise<ObjectRead> {
  const plain = request.method !== 'HEAD' && !request.headers.has('Range') && !request.headers.has('If-None-Match');
  return plain ? { request, bucket, path, head: null, answer: { kind: 'full' } } : planSizedObjectRead(request, bucket, path);
}

export async function planSizedObjectRead(request: Request, bucket: R2Bucket, path: string): Promise<SizedObjectRead> {
  const read = await planSizedObjectReadIfAny(request, bucket, path);
  if (!read) throw songNotFound(path);
  return read;
}

/** The plan, or null when there is no such object: a caller that pays for every request can charge the miss before its 404. */
export async function planSizedObjectReadIfAny(request: Request, bucket: R2Bucket, path: string): Promise<SizedObjectRead | null> {
  const rangeHeader = request.headers.get('Range');
  const ifNoneMatch = request.headers.get('If-None-Match') ?? undefined;
  const head = await bucket.head(path);
  if (!head) return null;
  const plan = { request, bucket, path, head };
  if (etagMatches(ifNoneMatch, head.httpEtag)) return { ...plan, answer: { kind: 'not-modified' } };
  // If-Range: only honour the range if the client's copy is still current.
  const ifRange = request.headers.get('If-Range');
  const rangeStillValid = !ifRange || ifRange === head.httpEtag || ifRange === head.uploaded.toUTCString();
  return { ...plan, answer: rangeStillValid ? decideRange(rangeHeader, head.size) : { kind: 'full' } };
}

/** The body bytes the planned answer will send: what a play pays from its ticket. */
export function bytesToSend(read: SizedObjectRead): number {
  if (read.request.method === 'HEAD') return 0;
  if (read.answer.kind === 'partial') return read.answer.range.length;
  return read.answer.kind === 'full' ? read.head.size : 0;
}

function fileHeaders(path: string, object: R2Object, disposition: 'attachment' | 'inline'): Headers {
  const headers = new Headers(FILE_RESPONSE_HEADERS);
  headers.set('Content-Type', contentTypeOf(path));
  headers.set('Content-Disposition', contentDisposition(disposition, baseName(path)));
  headers.set('Accept-Ranges', 'bytes');
  headers.set('ETag', object.httpEtag);
  headers.set('Last-Modified', object.uploaded.toUTCString());
  headers.set('Cache-Control', 'public, max-age=3600');
  return headers;
}

function setRange(headers: Headers, range: ByteRange, size: number) {
  headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  headers.set('Content-Length', String(range.length));
}

function unsatisfiable(headers: Headers, size: number): Response {
  headers.set('Content-Range', `bytes */${size}`);
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Disposition');
  const body = JSON.stringify({ error: `The requested range is outside the file (${size} bytes).`, code: 'RANGE_NOT_SATISFIABLE' });
  return new Response(body, { status: 416, headers });
}

/**
 * The answer a plan decided: Range (206/416), ETag, If-None-Match (304) and If-Range, with the type
 * taken from the file's name and never from the metadata stored in R2.
 */
export async function objectResponse(read: ObjectRead, disposition: 'attachment' | 'inline'): Promise<Response> {
  const { request, bucket, path, head, answer } = read;
  if (head) {
    const headers = fileHeaders(path, head, disposition);
    if (answer.kind === 'not-modified') return new Response(null, { status: 304, headers });
    if (answer.kind === 'unsatisfiable') return unsatisfiable(headers, head.size);
    if (request.method === 'HEAD') {
      if (answer.kind === 'partial') setRange(headers, answer.range, head.size);
      else headers.set('Content-Length', String(head.size));
      return new Response(null, { status: answer.kind === 'partial' ? 206 : 200, headers });
    }
  }

  const range = answer.kind === 'partial' ? answer.range : undefined;
  // etagMatches guards against the object changing between head and get (the range would be wrong).
  const object = await bucket.get(path, range && head ? { range, onlyIf: { etagMatches: head.etag } } : undefined);
  if (!object) throw songNotFound(path);
  if (!('body' in object)) {
    throw new ApiError(409, 'SONG_CHANGED', 'The file changed while it was being read. Please try again.');
  }
  const headers = fileHeaders(path, object, disposition);
  if (range) {
    setRange(headers, range, object.size);
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers });
}
