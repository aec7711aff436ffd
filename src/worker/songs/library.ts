import { isLibrary, LIBRARIES, type Library } from '../../shared/songs/paths';
import { ApiError } from '../errors';
import type { ByteSource } from './song-duration';

export interface LibraryBinding {
  library: Library;
  bucket: R2Bucket;
}

export function libraryBucket(env: Env, name: string): LibraryBinding {
  if (!isLibrary(name)) {
    throw new ApiError(404, 'UNKNOWN_LIBRARY', `There is no song library named '${name}'. Libraries: ${LIBRARIES.join(', ')}.`);
  }
  return { library: name, bucket: name === 'kenji' ? env.KENJI : env.GLAIVE };
}

/** Folder markers some upload tools create ('Artist/') are not songs. */
const isFolderMarker = (key: string) => key.endsWith('/');

export interface ListPage {
  /** The page's objects, folder markers left out. */
  objects: R2Object[];
  /** The page's last key (markers included): the page covers every key up to it. */
  lastKey: string | undefined;
  /** No page follows: this one covers every key after the previous page. */
  last: boolean;
}

/** The most objects R2 lists in one page. */
export const R2_LIST_PAGE = 1000;

/** The objects under `prefix`, one R2 page at a time, following R2's cursor. */
export async function* listPages(bucket: R2Bucket, prefix: string | undefined, pageSize = R2_LIST_PAGE): AsyncGenerator<ListPage> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: pageSize });
    cursor = page.truncated ? page.cursor : undefined;
    yield { objects: page.objects.filter((object) => !isFolderMarker(object.key)), lastKey: page.objects.at(-1)?.key, last: !cursor };
  } while (cursor);
}

/**
 * Every object under `prefix`, past R2's 1000-per-page limit.
 * `onPage` may throw to stop early (the zip stops as soon as a limit is exceeded).
 */
export async function listObjects(bucket: R2Bucket, prefix: string | undefined, onPage?: (seen: R2Object[]) => void): Promise<R2Object[]> {
  const all: R2Object[] = [];
  for await (const page of listPages(bucket, prefix)) {
    all.push(...page.objects);
    onPage?.(all);
  }
  return all;
}

/** The body of exactly this version of an object (whole, or a range of it), or null if it changed or vanished. */
export async function readVersion(bucket: R2Bucket, key: string, etag: string, range?: R2Range): Promise<ReadableStream<Uint8Array> | null> {
  const object = await bucket.get(key, { onlyIf: { etagMatches: etag }, ...(range ? { range } : {}) });
  return object && 'body' in object ? object.body : null;
}

/** One version of an object, read by ranges (a song's length); a read throws if the object changed meanwhile. */
export const versionSource = (bucket: R2Bucket, object: R2Object): ByteSource => ({
  size: object.size,
  read: async (offset, length) => {
    const body = await readVersion(bucket, object.key, object.etag, { offset, length });
    if (!body) throw new Error(`'${object.key}' changed while its length was read`);
    return new Uint8Array(await new Response(body).arrayBuffer());
  },
});
