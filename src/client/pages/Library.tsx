import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { MAX_ZIP_FILES } from '../../shared/song-limits';
import {
  baseName,
  folderDownloadUrl,
  folderZipName,
  isPlayable,
  LIBRARY_TITLES,
  libraryFromPathname,
  parentFolder,
  songDownloadUrl,
  songListUrl,
} from '../../shared/song-paths';
import {
  buildSearchIndex,
  buildSongTree,
  collapseFolder,
  expandFolders,
  findFolder,
  folderAndAncestors,
  searchLibrary,
  type FolderNode,
} from '../../shared/song-tree';
import { FileList, type FileListEntry } from '../components/library/FileList';
import { FolderTree } from '../components/library/FolderTree';
import { DownloadIcon, SearchIcon } from '../components/library/LibraryIcons';
import { PlayerBar } from '../components/library/PlayerBar';
import { useLibraryLocation } from '../hooks/useLibraryLocation';
import { useMediaSession } from '../hooks/useMediaSession';
import { usePlayerShortcuts } from '../hooks/usePlayerShortcuts';
import { useSongDownload } from '../hooks/useSongDownload';
import { useSongPlayer } from '../hooks/useSongPlayer';

const EMPTY: string[] = [];

export default function Library() {
  const [pathname] = useLocation();
  const library = libraryFromPathname(pathname);
  const title = LIBRARY_TITLES[library];
  const { data, error, mutate } = useSWR<string[], Error>(songListUrl(library), { revalidateOnMount: true });
  const paths = data ?? EMPTY;

  const tree = useMemo(() => buildSongTree(paths), [paths]);
  const index = useMemo(() => buildSearchIndex(paths), [paths]);

  const [{ folder: urlFolder, song: urlSong }, setLocation] = useLibraryLocation();
  const selectedNode = findFolder(tree, urlFolder);
  // A link to a folder that is not (or no longer) there falls back to the root once the list is known.
  const folder = data && !selectedNode ? '' : urlFolder;
  const folderNode = selectedNode ?? tree;

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(folderAndAncestors(urlFolder)));
  // Reaching a folder by link, back button or search opens the tree down to it (adjusted while rendering, not in an effect).
  const [expandedFor, setExpandedFor] = useState(urlFolder);
  if (expandedFor !== urlFolder) {
    setExpandedFor(urlFolder);
    setExpanded((e) => expandFolders(e, folderAndAncestors(urlFolder)));
  }

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== '';
  const results = useMemo(() => searchLibrary(index, deferredQuery), [index, deferredQuery]);
  const [showFolders, setShowFolders] = useState(true);

  const player = useSongPlayer(library);
  const download = useSongDownload();
  usePlayerShortcuts(player);

  const { current: currentSong, cue } = player;
  const queue = useMemo(() => (currentSong ? (findFolder(tree, parentFolder(currentSong))?.files ?? []).filter(isPlayable) : EMPTY), [tree, currentSong]);
  useMediaSession(player, library, queue);

  // A shared link names a song: put it in the player (paused) once we know it exists.
  useEffect(() => {
    if (urlSong && data?.includes(urlSong)) cue(urlSong);
  }, [urlSong, data, cue]);

  const playSong = useCallback(
    (path: string) => {
      player.select(path);
      setLocation({ song: path });
    },
    [player, setLocation],
  );

  const selectFolder = useCallback((path: string) => setLocation({ folder: path }), [setLocation]);

  const toggleFolder = useCallback((path: string) => {
    setExpanded((e) => (e.has(path) ? collapseFolder(e, path) : expandFolders(e, [path])));
  }, []);

  const selectFromTree = useCallback(
    (path: string) => {
      selectFolder(path);
      if (path) setExpanded((e) => expandFolders(e, [path]));
    },
    [selectFolder],
  );

  const downloadFolder = useCallback(
    (node: FolderNode) => {
      const name = node.path === '' ? title : node.name;
      void download(folderDownloadUrl(library, node.path), name, folderZipName(library, node.path));
    },
    [download, library, title],
  );

  const downloadSong = useCallback((path: string) => void download(songDownloadUrl(library, path), baseName(path)), [download, library]);

  const entries = useMemo<FileListEntry[]>(() => {
    if (searching)
      return [...results.folders.map((path) => ({ kind: 'folder' as const, path })), ...results.files.map((path) => ({ kind: 'file' as const, path }))];
    return folderNode.files.map((path) => ({ kind: 'file' as const, path }));
  }, [searching, results, folderNode]);

  const searchId = useId();
  const treeId = useId();
  const folderTitle = folder === '' ? title : baseName(folder);

  return (
    <>
      <section className="mx-auto max-w-7xl px-4 pt-20 pb-44 sm:px-6 md:pb-28">
        <h1 className="sr-only">{title}</h1>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search songs and folders
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search songs and folders…"
              autoComplete="off"
              className="w-full rounded-lg border border-white/10 bg-gray-900 py-2 pr-4 pl-10 text-gray-100 placeholder-gray-500 focus:border-indigo-400 focus:ring-2 focus:ring-indigo-400/40 focus:outline-none"
            />
          </div>
          <button
            type="button"
            aria-expanded={showFolders}
            aria-controls={treeId}
            onClick={() => setShowFolders((s) => !s)}
            className="rounded-lg border border-white/10 bg-gray-900 px-4 py-2 text-sm font-medium text-gray-200 hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-indigo-400 md:hidden"
          >
            {showFolders ? 'Hide Folders' : 'Show Folders'}
          </button>
        </div>

        {error ? (
          <div role="alert" className="mt-10 rounded-lg border border-red-500/30 bg-red-500/10 p-6 text-center">
            <p>The song list could not be loaded.</p>
            <button
              type="button"
              onClick={() => void mutate()}
              className="mt-3 rounded bg-white/10 px-4 py-2 text-sm hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-indigo-400"
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="mt-4 grid gap-4 md:grid-cols-[minmax(14rem,20rem)_1fr]">
            <nav
              id={treeId}
              aria-label="Folders"
              className={`${showFolders ? 'block' : 'hidden'} rounded-xl border border-white/10 bg-gray-900/60 p-2 md:block`}
            >
              {data ? (
                <FolderTree
                  root={tree}
                  rootLabel={title}
                  expanded={expanded}
                  selected={folder}
                  onToggle={toggleFolder}
                  onSelect={selectFromTree}
                  onDownload={downloadFolder}
                />
              ) : (
                <p className="p-3 text-sm text-gray-400">Loading folders…</p>
              )}
            </nav>
            <section aria-labelledby={`${treeId}-files`} className="min-w-0 rounded-xl border border-white/10 bg-gray-900/60">
              <header className="flex items-center gap-3 border-b border-white/10 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <h2 id={`${treeId}-files`} className="truncate text-lg font-semibold">
                    {searching ? `Search results for "${deferredQuery.trim()}"` : folderTitle}
                  </h2>
                  <p className="truncate text-xs text-gray-400" role="status">
                    {!data
                      ? 'Loading songs…'
                      : searching
                        ? `${results.files.length} files and ${results.folders.length} folders found`
                        : `${folder || 'All folders'} · ${folderNode.files.length} files here, ${folderNode.totalFiles} in total`}
                  </p>
                </div>
                {!searching && data && folderNode.totalFiles > 0 && (
                  <button
                    type="button"
                    onClick={() => downloadFolder(folderNode)}
                    disabled={folderNode.totalFiles > MAX_ZIP_FILES}
                    title={folderNode.totalFiles > MAX_ZIP_FILES ? `Zips hold at most ${MAX_ZIP_FILES} files` : undefined}
                    className="flex shrink-0 items-center gap-2 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300 disabled:cursor-not-allowed disabled:bg-gray-700"
                  >
                    <DownloadIcon />
                    <span>Download folder</span>
                  </button>
                )}
              </header>
              {data &&
                (entries.length === 0 ? (
                  <p className="p-6 text-center text-gray-400">
                    {searching
                      ? `No songs or folders match "${deferredQuery.trim()}"`
                      : folderNode.folders.length
                        ? 'This folder only holds other folders. Pick one on the left.'
                        : 'This folder is empty.'}
                  </p>
                ) : (
                  <FileList
                    entries={entries}
                    label={searching ? 'Search results' : `Files in ${folderTitle}`}
                    showFolder={searching}
                    current={player.current}
                    playing={player.playing}
                    onPlay={playSong}
                    onDownload={downloadSong}
                    onOpenFolder={(path) => {
                      setQuery('');
                      selectFolder(path);
                    }}
                    resetKey={searching ? `q:${deferredQuery}` : `f:${folder}`}
                  />
                ))}
            </section>
          </div>
        )}
      </section>
      <PlayerBar player={player} />
    </>
  );
}
