import { mutate } from 'swr';
import { getJson } from '../../api';
import { isLibrary } from '../../../shared/songs/paths';
import { songListingUrl } from './song-listing';

/** Libraries whose listing is on its way, so hovering back and forth asks once. */
const inFlight = new Set<string>();

/**
 * Puts a library's whole listing into SWR's cache, unless it is there or on its way: the page then draws its
 * folders and songs on its first render after a client-side move, which has no server HTML to start from.
 */
export async function prefetchLibraryListing(library: string): Promise<void> {
  if (!isLibrary(library)) return;
  const key = songListingUrl(library);
  if (inFlight.has(library)) return;
  inFlight.add(library);
  try {
    // A listing already cached is kept (and not asked for again).
    await mutate(key, async (cached: unknown) => cached ?? (await getJson(key)), { revalidate: false });
  } catch {
    // The page asks again when it opens, and shows the failure there.
  } finally {
    inFlight.delete(library);
  }
}
