import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from '../../navigation';
import { pathProblem } from '../../../shared/songs/paths';

export interface LibraryLocation {
  /** The selected folder ('' = library root). */
  folder: string;
  /** The song in the player, if the link names one. */
  song: string | null;
}

/** `known`: the library has it, so it passed the rule when it was listed (songs/song-list.ts lists no other key). */
const safe = (value: string | null, known = false) => (value !== null && (known || pathProblem(value) === null) ? value : null);
const NO_FOLDER = () => false;

/**
 * The selected folder and song live in the query string, so links are shareable and the back button
 * walks through folders. Folder changes push history; song changes replace it (back is not a playlist).
 * An unsafe folder or song (pathProblem) is ignored. `hasFolder` vouches for the folders the page knows: the rule's
 * Unicode patterns and normalisation, made on first use, cost up to 17 ms on a phone-class CPU, in the hydrating
 * render of every folder's address.
 */
export function useLibraryLocation(hasFolder: (path: string) => boolean = NO_FOLDER): [LibraryLocation, (next: Partial<LibraryLocation>) => void] {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo<LibraryLocation>(() => {
    const params = new URLSearchParams(search);
    const folder = params.get('folder');
    return { folder: safe(folder, folder !== null && hasFolder(folder)) ?? '', song: safe(params.get('song')) };
  }, [search, hasFolder]);

  const update = useCallback(
    (next: Partial<LibraryLocation>) => {
      const params = new URLSearchParams(search);
      if (next.folder !== undefined) {
        if (next.folder) params.set('folder', next.folder);
        else params.delete('folder');
      }
      if (next.song !== undefined) {
        if (next.song) params.set('song', next.song);
        else params.delete('song');
      }
      const query = params.toString();
      if (query === search.replace(/^\?/, '')) return;
      navigate(query ? `${pathname}?${query}` : pathname, { replace: next.folder === undefined || next.folder === state.folder });
    },
    [navigate, pathname, search, state.folder],
  );

  return [state, update];
}
