import { ZIP_CONTENT_TYPE } from '../../shared/content-types';
import { MAX_ZIP_BYTES, MAX_ZIP_FILES } from '../../shared/songs/limits';
import { pathProblem, type Library } from '../../shared/songs/paths';
import { readIndexUnder, saveToIndex, type IndexedSong } from '../db/song-index';
import { ApiError } from '../errors';
import { checksum, crc32OfStream } from './checksum';
import { listObjects, readVersion } from './library';
import { contentDisposition, FILE_RESPONSE_HEADERS } from './object-response';
import { decideRange, type ByteRange } from './range';
import { etagMatches } from '../representations';
import { centralDirectory, dataDescriptor, planZip, type ZipLayout, type ZipMember } from './zip-layout';

const tooLarge = (message: string) => new ApiError(413, 'FOLDER_TOO_LARGE', message);
const formatBytes = (n: number) => `${(n / 1024 ** 3).toFixed(1)} GB`;

export interface ZipLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Where a folder zip reads from: the library's bucket and its checksum index. */
export interface ZipSource {
  db: D1Database;
  library: Library;
  bucket: R2Bucket;
}

export interface FolderZip {
  layout: ZipLayout;
  /** Built from the members (names, etags, dates); null while a CRC is unknown, so the bytes are not yet fixed. */
  etag: string | null;
}

const COPY_CHUNK_BYTES = 1024 * 1024;

const vanishedError = (key: string) => new Error(`'${key}' changed or disappeared while zipping`);

/** A stored CRC counts only for the very version of the object that was checksummed. */
function knownCrc(object: R2Object, indexed: IndexedSong | undefined): number | undefined {
  if (object.size === 0) return 0; // the CRC-32 of no bytes
  return indexed?.etag === object.etag && indexed.size === object.size ? indexed.crc32 : undefined;
}

async function listMembers(source: ZipSource, folder: string, limits: ZipLimits): Promise<R2Object[]> {
  const prefix = folder === '' ? undefined : `${folder}/`;
  const objects = await listObjects(source.bucket, prefix, (seen) => {
    if (seen.length > limits.maxFiles) {
      throw tooLarge(`This folder has more than ${limits.maxFiles} files, the most one zip can hold. Download a smaller folder.`);
    }
  });
  return objects;
}

async function zipEtag(members: readonly ZipMember[]): Promise<string> {
  const text = members.map((m) => `${m.name}\0${m.etag}\0${m.size}\0${m.modified.getTime()}`).join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`stored-zip-v1\n${text}`));
  return `"${[...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/**
 * The zip of every file under `folder` ('' = the whole library), planned to the byte: names relative to
 * the folder, CRCs from the index. A key that would not pass as a request path ('..', empty, absolute or
 * backslash segments) is left out: it could not be downloaded on its own either, and an unzip tool must
 * never be handed a name that climbs out of its target folder.
 */
export async function planFolderZip(
  source: ZipSource,
  folder: string,
  limits: ZipLimits = { maxFiles: MAX_ZIP_FILES, maxBytes: MAX_ZIP_BYTES },
): Promise<FolderZip> {
  const skip = folder === '' ? 0 : folder.length + 1;
  const [objects, indexed] = await Promise.all([
    listMembers(source, folder, limits),
    readIndexUnder(source.db, source.library, folder === '' ? '' : `${folder}/`),
  ]);
  const crcs = new Map(indexed.map((row) => [row.path, row]));
  const members: ZipMember[] = objects
    .map((o) => ({ key: o.key, etag: o.etag, name: o.key.slice(skip), size: o.size, modified: o.uploaded, crc32: knownCrc(o, crcs.get(o.key)) }))
    .filter((member) => pathProblem(member.name) === null);
  if (members.length === 0) throw new ApiError(404, 'FOLDER_NOT_FOUND', `There is no folder '${folder}' in this library, or it is empty.`);
  const totalBytes = members.reduce((sum, m) => sum + m.size, 0);
  if (totalBytes > limits.maxBytes) {
    throw tooLarge(`This folder holds ${formatBytes(totalBytes)}, more than the ${formatBytes(limits.maxBytes)} one zip can hold. Download a smaller folder.`);
  }
  const complete = members.every((m) => m.crc32 !== undefined);
  return { layout: planZip(members), etag: complete ? await zipEtag(members) : null };
}

/** Reads the object whole or in part, refusing any version but the planned one (the layout depends on it). */
async function readMember(bucket: R2Bucket, member: ZipMember, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
  const whole = !range || (range.offset === 0 && range.length === member.size);
  const body = await readVersion(bucket, member.key, member.etag, whole ? undefined : range);
  if (!body) throw vanishedError(member.key);
  return body;
}

/**
 * Checksums the members the index does not know yet (reading each once, natively) and records them, so
 * that this zip and every later one is fixed to the byte. Used before answering a range of such a zip.
 */
async function completeChecksums(source: ZipSource, zip: FolderZip): Promise<FolderZip> {
  const members: ZipMember[] = [];
  const computed: IndexedSong[] = [];
  for (const member of zip.layout.members) {
    if (member.crc32 !== undefined) {
      members.push(member);
      continue;
    }
    const crc32 = await crc32OfStream(await readMember(source.bucket, member));
    computed.push({ path: member.key, etag: member.etag, size: member.size, crc32 });
    members.push({ ...member, crc32 });
  }
  await saveToIndex(source.db, source.library, computed);
  return { layout: planZip(members), etag: await zipEtag(members) };
}

class ZipWriter {
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly computed = new Map<number, number>();

  constructor(
    private readonly source: ZipSource,
    private readonly layout: ZipLayout,
    private readonly target: WritableStream<Uint8Array>,
  ) {
    this.writer = target.getWriter();
  }

  /** Writes bytes [range.offset, range.offset + range.length) of the zip. */
  async write(range: ByteRange): Promise<void> {
    const end = range.offset + range.length;
    for (const part of this.layout.parts) {
      const from = Math.max(range.offset, part.offset) - part.offset;
      const to = Math.min(end, part.offset + part.length) - part.offset;
      if (to <= from) continue;
      if (part.kind === 'bytes') await this.writer.write(part.bytes.subarray(from, to));
      else if (part.kind === 'data') await this.writeData(part.index, { offset: from, length: to - from });
      else if (part.kind === 'descriptor') await this.writeDescriptor(part.index);
      else await this.writer.write(centralDirectory(this.layout, this.computed).subarray(from, to));
    }
  }

  private async writeData(index: number, range: ByteRange): Promise<void> {
    const member = this.layout.members[index];
    if (!member) return;
    const body = await readMember(this.source.bucket, member, range);
    if (member.crc32 === undefined) return this.checksumWhileCopying(index, member, body);
    // Known CRC: the bytes go from R2 to the response without passing through JavaScript.
    this.writer.releaseLock();
    await body.pipeTo(this.target, { preventClose: true });
    this.writer = this.target.getWriter();
  }

  private async checksumWhileCopying(index: number, member: ZipMember, body: ReadableStream<Uint8Array>): Promise<void> {
    let crc = 0;
    // Large reads: the cost here is per chunk (a JavaScript turn, a native CRC call, a write), not per byte.
    const reader = body.getReader({ mode: 'byob' });
    for (;;) {
      const { done, value } = await reader.readAtLeast(COPY_CHUNK_BYTES / 2, new Uint8Array(COPY_CHUNK_BYTES));
      if (value?.length) {
        crc = checksum.crc32(value, crc);
        await this.writer.write(value);
      }
      if (done) break;
    }
    this.computed.set(index, crc);
    // Reconcile on first zip: the next zip of this object needs no checksum work and can be ranged.
    await saveToIndex(this.source.db, this.source.library, [{ path: member.key, etag: member.etag, size: member.size, crc32: crc }]);
  }

  private async writeDescriptor(index: number): Promise<void> {
    const member = this.layout.members[index];
    if (member) await this.writer.write(dataDescriptor(this.computed.get(index) ?? 0, member.size));
  }

  async close(): Promise<void> {
    await this.writer.close();
  }

  async abort(error: unknown): Promise<void> {
    await this.writer.abort(error).catch(() => undefined);
  }
}

/** Streams the range in the background; a failure (a member that vanished) errors the download, never shortens it. */
function streamZip(source: ZipSource, layout: ZipLayout, range: ByteRange): ReadableStream<Uint8Array> {
  // FixedLengthStream makes workerd send the exact Content-Length (and fail loudly on a mismatch).
  const fixed = new FixedLengthStream(range.length);
  const writer = new ZipWriter(source, layout, fixed.writable);
  void writer.write(range).then(
    () => writer.close(),
    async (error: unknown) => {
      console.warn('Folder zip failed', error);
      await writer.abort(error);
    },
  );
  return fixed.readable;
}

function zipHeaders(zip: FolderZip, zipName: string): Headers {
  const headers = new Headers(FILE_RESPONSE_HEADERS);
  headers.set('Content-Type', ZIP_CONTENT_TYPE);
  headers.set('Content-Disposition', contentDisposition('attachment', zipName));
  headers.set('Cache-Control', 'no-store');
  // Until every CRC is known the bytes are not fixed, so no range of them can be promised.
  headers.set('Accept-Ranges', zip.etag ? 'bytes' : 'none');
  if (zip.etag) headers.set('ETag', zip.etag);
  return headers;
}

function rangeNotSatisfiable(headers: Headers, length: number): Response {
  headers.set('Content-Range', `bytes */${length}`);
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Disposition');
  const body = JSON.stringify({ error: `The requested range is outside the zip (${length} bytes).`, code: 'RANGE_NOT_SATISFIABLE' });
  return new Response(body, { status: 416, headers });
}

/**
 * The answer for a planned zip: 200 with the whole zip, or 206 with the asked range when its bytes are
 * fixed (every CRC known; a range request first checksums the members that are not), 304 for a matching
 * If-None-Match, 416 for a range past the end. If-Range must name the current ETag, or the whole zip is sent.
 */
export async function folderZipResponse(request: Request, source: ZipSource, planned: FolderZip, zipName: string): Promise<Response> {
  const rangeHeader = request.headers.get('Range');
  const zip = rangeHeader && !planned.etag ? await completeChecksums(source, planned) : planned;
  const length = zip.layout.length;
  const headers = zipHeaders(zip, zipName);
  if (zip.etag && etagMatches(request.headers.get('If-None-Match') ?? undefined, zip.etag)) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get('If-Range');
  const decision = zip.etag && (!ifRange || ifRange === zip.etag) ? decideRange(rangeHeader, length) : ({ kind: 'full' } as const);
  if (decision.kind === 'unsatisfiable') return rangeNotSatisfiable(headers, length);
  const range = decision.kind === 'partial' ? decision.range : { offset: 0, length };
  headers.set('Content-Length', String(range.length));
  if (decision.kind === 'partial') headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${length}`);
  const status = decision.kind === 'partial' ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  return new Response(streamZip(source, zip.layout, range), { status, headers });
}

/** The folder as a zip: planned from the listing and the index, then answered (whole or a range). */
export async function folderZip(request: Request, source: ZipSource, folder: string, zipName: string): Promise<Response> {
  return folderZipResponse(request, source, await planFolderZip(source, folder), zipName);
}
