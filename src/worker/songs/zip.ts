import { downloadZip, predictLength } from 'client-zip';
import { ZIP_CONTENT_TYPE } from '../../shared/content-types';
import { MAX_ZIP_BYTES, MAX_ZIP_FILES } from '../../shared/song-limits';
import { pathProblem } from '../../shared/song-paths';
import { contentDisposition, FILE_RESPONSE_HEADERS } from './object-response';
import { listObjects } from './library';
import { ApiError } from '../errors';

const tooLarge = (message: string) => new ApiError(413, 'FOLDER_TOO_LARGE', message);
const formatBytes = (n: number) => `${(n / 1024 ** 3).toFixed(1)} GB`;

export interface ZipLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * A stored (uncompressed) zip of every file under `folder` ('' = the whole library), streamed.
 * Names are relative to the folder. A key that would not pass as a request path ('..', empty, absolute or
 * backslash segments) is left out: it could not be downloaded on its own either, and an unzip tool must
 * never be handed a name that climbs out of its target folder. The length is predicted from the members
 * before the first byte, and each member's body is fetched from R2 only when the zip writer reaches it,
 * so memory holds one chunk at a time whatever the folder's size.
 */
export async function folderZipResponse(
  bucket: R2Bucket,
  folder: string,
  zipName: string,
  limits: ZipLimits = { maxFiles: MAX_ZIP_FILES, maxBytes: MAX_ZIP_BYTES },
): Promise<Response> {
  const prefix = folder === '' ? undefined : `${folder}/`;
  const objects = await listObjects(bucket, prefix, (seen) => {
    if (seen.length > limits.maxFiles) {
      throw tooLarge(`This folder has more than ${limits.maxFiles} files, the most one zip can hold. Download a smaller folder.`);
    }
  });
  const skip = prefix?.length ?? 0;
  const members = objects
    .map((o) => ({ key: o.key, etag: o.etag, name: o.key.slice(skip), size: o.size, lastModified: o.uploaded }))
    .filter((member) => pathProblem(member.name) === null);
  if (members.length === 0) throw new ApiError(404, 'FOLDER_NOT_FOUND', `There is no folder '${folder}' in this library, or it is empty.`);
  const totalBytes = members.reduce((sum, m) => sum + m.size, 0);
  if (totalBytes > limits.maxBytes) {
    throw tooLarge(`This folder holds ${formatBytes(totalBytes)}, more than the ${formatBytes(limits.maxBytes)} one zip can hold. Download a smaller folder.`);
  }
  const length = predictLength(members.map(({ name, size }) => ({ name, size })));

  // A member that changed or vanished ends the zip early; the copy below then errors the download for the
  // client (never a silently short file) instead of closing it.
  let vanished: Error | undefined;
  async function* lazyBodies() {
    for (const member of members) {
      // Same version as listed, or the predicted length would be wrong.
      const object = await bucket.get(member.key, { onlyIf: { etagMatches: member.etag } });
      if (!object || !('body' in object)) {
        vanished = new Error(`'${member.key}' changed or disappeared while zipping`);
        return;
      }
      yield { input: object.body, name: member.name, size: member.size, lastModified: member.lastModified };
    }
  }

  const zip = downloadZip(lazyBodies(), { length });
  // FixedLengthStream makes workerd send the exact Content-Length (and fail loudly on a mismatch).
  const fixed = new FixedLengthStream(length);
  if (!zip.body) throw new Error('client-zip returned a response without a body');
  void copyZip(zip.body, fixed.writable, () => vanished);
  return new Response(fixed.readable, {
    headers: {
      ...FILE_RESPONSE_HEADERS,
      'Content-Type': ZIP_CONTENT_TYPE,
      'Content-Length': String(length),
      'Content-Disposition': contentDisposition('attachment', zipName),
      'Cache-Control': 'no-store',
    },
  });
}

/** Copies the zip into the response, one chunk at a time (backpressure keeps memory flat). */
async function copyZip(source: ReadableStream<Uint8Array>, target: WritableStream<Uint8Array>, failure: () => Error | undefined) {
  const reader = source.getReader();
  const writer = target.getWriter();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await writer.write(value);
    }
    const error = failure();
    if (error) throw error;
    await writer.close();
  } catch (error) {
    console.warn('Folder zip failed', error);
    await writer.abort(error).catch(() => undefined);
    await reader.cancel(error).catch(() => undefined);
  }
}
