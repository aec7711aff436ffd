import { useCallback, useEffect, useMemo, useState } from 'react';
import { libraryPageViewKey, type LibraryPageView } from '../../../shared/library-page-view';
import type { Library } from '../../../shared/songs/paths';
import { readSongListing, songListingUrl } from './song-listing';
import { buildSongTree, treeFromView } from './song-tree';
import { getJson } from '../../api';
import { useApi } from '../../hooks/useApi';
import { useFirstPaintData } from '../../first-paint-data';

const NO_PATHS: readonly string[] = [];

/**
 * SWR asks for the list in the commit that mounts the page (a layout effect), and a timer set there fires before the
 * commit's passive effects, where hydration ends. So the request is made in a task after those effects: making it
 * costs milliseconds on a phone-class CPU, none of which then delays the page's first interactive moment. SWR holds
 * the request from the start, so an intent's prefetch in flight is still joined rather than asked for twice.
 */
function useReadAfterEffects(): (url: string) => Promise<unknown> {
  const [gate] = useState(() => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  });
  // Not cleared on unmount: a request SWR already holds must still settle.
  useEffect(() => {
    setTimeout(gate.open, 0);
  }, [gate]);
  return useCallback((url: string) => gate.opened.then(() => getJson(url)), [gate]);
}

/**
 * The library as the page knows it: first the view its HTML came with (the folder tree and the open folder's
 * files, render/library-page.tsx), then the whole list, read right after hydration, for search, playback and every
 * other folder. Both give the same tree where the view has it, so nothing on screen changes when the list arrives.
 */
export function useLibraryListing(library: Library) {
  const fallback = useFirstPaintData();
  const view = fallback[libraryPageViewKey(library)] as LibraryPageView | undefined;
  const { data, error, mutate } = useApi<unknown>(songListingUrl(library), { revalidateOnMount: true, fetcher: useReadAfterEffects() });
  const listed = data !== undefined;
  const listing = useMemo(() => readSongListing(data), [data]);
  const tree = useMemo(() => (listed || !view ? buildSongTree(listing.paths, listing.sizes) : treeFromView(view)), [listed, listing, view]);
  const durations = useMemo(() => {
    const lengths = new Map<string, number>();
    const known = listed ? listing.paths.map((path, i) => ({ path, duration: listing.durations?.[i] ?? null })) : (view?.files ?? []);
    for (const { path, duration } of known) if (duration !== null) lengths.set(path, duration);
    return lengths;
  }, [listed, listing, view]);
  return {
    /** The whole list is read. */
    listed,
    /** The folders are known (from the list or the view). */
    known: listed || view !== undefined,
    /** Whether the files of `folder` are known. */
    filesKnownIn: (folder: string) => listed || view?.folder === folder,
    paths: listed ? listing.paths : NO_PATHS,
    tree,
    /** Seconds per song, where the length is known. */
    durations: durations as ReadonlyMap<string, number>,
    error,
    retry: () => void mutate(),
  };
}
