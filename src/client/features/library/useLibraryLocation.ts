import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from '../../navigation';
import { pathProblem } from '../../../shared/songs/paths';

export interface LibraryLocation {
  /** The selected folder ('' = library root). */
  folder: string;
  /** The song in the player, if the link names one. */
  song: string | null;
}

const safe = (value: string | null) => (value !== null && pathProblem(value) === null ? value : null);

/**
 * The selected folder and song live in the query string, so links are shareable and the back button
 * walks through folders. Folder changes push history; song changes replace it (back is not a playlist).
 */
export function useLibraryLocation(): [LibraryLocation, (next: Partial<LibraryLocation>) => void] {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo<LibraryLocation>(() => {
    const params = new URLSearchParams(search);
    return { folder: safe(params.get('folder')) ?? '', song: safe(params.get('song')) };
  }, [search]);

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
