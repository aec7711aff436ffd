import { isLibrary, LIBRARIES, type Library } from '../../shared/song-paths';
import { ApiError } from '../errors';

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

/**
 * Every object under `prefix`, following R2's cursor past its 1000-per-page limit.
 * `onPage` may throw to stop early (the zip stops as soon as a limit is exceeded).
 */
export async function listObjects(bucket: R2Bucket, prefix: string | undefined, onPage?: (seen: R2Object[]) => void): Promise<R2Object[]> {
  const all: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    for (const object of page.objects) if (!isFolderMarker(object.key)) all.push(object);
    onPage?.(all);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return all;
}
