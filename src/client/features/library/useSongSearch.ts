import { useEffect, useMemo } from 'react';
import { buildSongSearchIndex, createSongSearch, type SongSearch } from './song-search';

export interface LazySongSearch {
  /** The search over this list, building its index now if idle time has not built it yet. */
  get: () => SongSearch;
}

/** One search index per song list, built when the browser is idle after the page is ready (or on first use). */
export function useSongSearch(paths: readonly string[]): LazySongSearch {
  const lazy = useMemo<LazySongSearch>(() => {
    let search: SongSearch | undefined;
    return { get: () => (search ??= createSongSearch(buildSongSearchIndex(paths))) };
  }, [paths]);
  useEffect(() => {
    if (paths.length === 0) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => lazy.get(), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => lazy.get(), 200);
    return () => clearTimeout(timer);
  }, [lazy, paths]);
  return lazy;
}
