import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { MAX_ZIP_FILES } from '../../shared/song-limits';
import { CONFIRM_FOLDER_BYTES, formatBytes, readSongListing, songListingUrl } from '../../shared/song-listing';
import {
  baseName,
  folderDownloadUrl,
  folderZipName,
  isPlayable,
  LIBRARY_TITLES,
  libraryFromPathname,
  parentFolder,
  songDownloadUrl,
} from '../../shared/song-paths';
import { EMPTY_SEARCH_RESULT } from '../../shared/song-search';
import { buildSongTree, collapseFolder, expandFolders, findFolder, folderAndAncestors, type FolderNode } from '../../shared/song-tree';
import { Modal, modalButton } from '../components/Modal';
import { Breadcrumb } from '../components/library/Breadcrumb';
import { FileList, type FileListEntries, type FileListEntry } from '../components/library/FileList';
import { FolderTree } from '../components/library/FolderTree';
import { DownloadIcon, SearchIcon } from '../components/library/LibraryIcons';
import { PlayerBar } from '../components/library/PlayerBar';
import { ShortcutsDialog } from '../components/library/ShortcutsDialog';
import { useLibraryLocation } from '../hooks/useLibraryLocation';
import { useMediaSession } from '../hooks/useMediaSession';
import { usePlayerShortcuts } from '../hooks/usePlayerShortcuts';
import { useFolderDownload, useSongDownload } from '../hooks/useSongDownload';
import { useSongPlayer } from '../hooks/useSongPlayer';
import { useSongSearch } from '../hooks/useSongSearch';

const PANEL = 'rounded-xl border border-gray-200 bg-white shadow-sm dark:border-white/10 dark:bg-gray-900/60 dark:shadow-none';
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400';

/** '14 files · 38 MB' (the size when the listing has sizes). */
const folderSummary = (node: FolderNode) =>
  `${node.totalFiles} ${node.totalFiles === 1 ? 'file' : 'files'}${node.totalBytes === null ? '' : ` · ${formatBytes(node.totalBytes)}`}`;

export default function Library() {
  const [pathname] = useLocation();
  const library = libraryFromPathname(pathname);
  const title = LIBRARY_TITLES[library];
  const { data, error, mutate } = useSWR<unknown, Error>(songListingUrl(library), { revalidateOnMount: true });
  const loaded = data !== undefined;
  const listing = useMemo(() => readSongListing(data), [data]);
  const paths = listing.paths;

  const tree = useMemo(() => buildSongTree(listing.paths, listing.sizes), [listing]);
  const searcher = useSongSearch(paths);

  const [{ folder: urlFolder, song: urlSong }, setLocation] = useLibraryLocation();
  const selectedNode = findFolder(tree, urlFolder);
  // A link to a folder that is not (or no longer) there falls back to the root once the list is known.
  const folder = loaded && !selectedNode ? '' : urlFolder;
  const folderNode = selectedNode ?? tree;

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(folderAndAncestors(urlFolder)));
  // Reaching a folder by link, back button or search opens the tree down to it (adjusted while rendering, not in an effect).
  const [expandedFor, setExpandedFor] = useState(urlFolder);
  if (expandedFor !== urlFolder) {
    setExpandedFor(urlFolder);
    setExpanded((e) => expandFolders(e, folderAndAncestors(urlFolder)));
  }

  const [query, setQuery] = useState('');
  // Not deferred: with the prebuilt index a keystroke costs a couple of milliseconds, so one render beats two.
  const searching = query.trim() !== '';
  const results = useMemo(() => (searching ? searcher.get().search(query) : EMPTY_SEARCH_RESULT), [searcher, searching, query]);
  // Phones show the tree as a sheet on demand; wider screens always show it beside the files.
  const [showFolders, setShowFolders] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [confirmFolder, setConfirmFolder] = useState<FolderNode | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const player = useSongPlayer(library);
  const download = useSongDownload();
  const downloadZip = useFolderDownload();
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  usePlayerShortcuts(player, { focusSearch: () => searchRef.current?.focus(), showShortcuts });
  useMediaSession(player, library);

  const { cue } = player;
  // A shared link names a song: put it in the player (paused) once we know it exists.
  // Its folder is the queue, so next and previous work from there.
  // A song this page put in the URL itself (by playing it) is already in the player, with its own queue.
  const playedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!urlSong || urlSong === playedRef.current || !paths.includes(urlSong)) return;
    cue(urlSong, (findFolder(tree, parentFolder(urlSong))?.files ?? []).filter(isPlayable));
  }, [urlSong, paths, tree, cue]);

  const entries = useMemo<FileListEntries>(() => {
    if (searching) {
      const { folders, files } = results;
      return {
        length: folders.length + files.length,
        at: (i) => {
          const path = i < folders.length ? folders.at(i) : files.at(i - folders.length);
          return path === undefined ? undefined : { kind: i < folders.length ? 'folder' : 'file', path };
        },
      };
    }
    const rows: FileListEntry[] = [
      ...folderNode.folders.map((f) => ({ kind: 'folder' as const, path: f.path, files: f.totalFiles })),
      ...folderNode.files.map((path) => ({ kind: 'file' as const, path })),
    ];
    return { length: rows.length, at: (i) => rows[i] };
  }, [searching, results, folderNode]);

  // The queue is what the list shows when a song is started there: the folder, or the search results.
  const playSong = useCallback(
    (path: string) => {
      const queue: string[] = [];
      for (let i = 0; i < entries.length; i++) {
        const entry = entries.at(i);
        if (entry?.kind === 'file' && isPlayable(entry.path)) queue.push(entry.path);
      }
      player.select(path, queue);
      playedRef.current = path;
      setLocation({ song: path });
    },
    [entries, player, setLocation],
  );

  const selectFolder = useCallback(
    (path: string) => {
      setLocation({ folder: path });
      setShowFolders(false);
    },
    [setLocation],
  );

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

  const startFolderDownload = useCallback(
    (node: FolderNode) => {
      const name = node.path === '' ? title : node.name;
      void downloadZip(folderDownloadUrl(library, node.path), name, folderZipName(library, node.path));
    },
    [downloadZip, library, title],
  );
  // Big folders ask first, naming their size; the confirm's own button then starts the download (a fresh click for the save dialog).
  const downloadFolder = useCallback(
    (node: FolderNode) => {
      if (node.totalBytes !== null && node.totalBytes > CONFIRM_FOLDER_BYTES) setConfirmFolder(node);
      else startFolderDownload(node);
    },
    [startFolderDownload],
  );

  const downloadSong = useCallback((path: string) => void download(songDownloadUrl(library, path), baseName(path)), [download, library]);

  const hrefFor = useCallback((path: string) => (path ? `${pathname}?folder=${encodeURIComponent(path).replaceAll('%20', '+')}` : pathname), [pathname]);

  // Escape closes the folder sheet on a phone.
  useEffect(() => {
    if (!showFolders) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShowFolders(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [showFolders]);

  const searchId = useId();
  const treeId = useId();
  const folderTitle = folder === '' ? title : baseName(folder);
  const tooBig = folderNode.totalFiles > MAX_ZIP_FILES;

  return (
    <>
      <section className="mx-auto max-w-7xl px-3 pt-20 pb-40 sm:px-6 md:pb-32">
        <h1 className="sr-only">{title}</h1>
        <div className="flex gap-2 sm:items-center sm:gap-3">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search songs and folders
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400" />
            <input
              id={searchId}
              ref={searchRef}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search the library…"
              autoComplete="off"
              aria-keyshortcuts="/"
              className="h-11 w-full rounded-lg border border-gray-300 bg-white pr-4 pl-10 text-gray-900 placeholder-gray-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-white/10 dark:bg-gray-900 dark:text-gray-100 dark:focus:border-indigo-400 dark:focus:ring-indigo-400/40"
            />
          </div>
          <button
            type="button"
            aria-expanded={showFolders}
            aria-controls={treeId}
            onClick={() => setShowFolders((s) => !s)}
            className={`h-11 shrink-0 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 md:hidden dark:border-white/10 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800 ${FOCUS}`}
          >
            {showFolders ? 'Hide Folders' : 'Show Folders'}
          </button>
        </div>

        {error ? (
          <div role="alert" className="mt-10 rounded-lg border border-red-500/30 bg-red-50 p-6 text-center text-red-900 dark:bg-red-500/10 dark:text-red-100">
            <p>The song list could not be loaded.</p>
            <button
              type="button"
              onClick={() => void mutate()}
              className={`mt-3 rounded bg-red-900/10 px-4 py-2 text-sm hover:bg-red-900/20 dark:bg-white/10 dark:hover:bg-white/20 ${FOCUS}`}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="mt-3 grid gap-4 md:mt-4 md:grid-cols-[minmax(14rem,20rem)_1fr]">
            <nav
              id={treeId}
              aria-label="Folders"
              className={`${showFolders ? 'max-md:fixed max-md:inset-x-0 max-md:bottom-[var(--player-h,0px)] max-md:z-20 max-md:rounded-b-none max-md:bg-white max-md:shadow-[0_-8px_32px_rgba(0,0,0,0.35)] max-md:dark:bg-gray-900' : 'max-md:hidden'} ${PANEL} p-2 md:block`}
            >
              {loaded ? (
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
                <p className="p-3 text-sm text-gray-600 dark:text-gray-400">Loading folders…</p>
              )}
            </nav>
            <section aria-labelledby={`${treeId}-files`} className={`min-w-0 ${PANEL}`}>
              <header className="border-b border-gray-200 px-3 py-2 sm:px-4 sm:py-3 dark:border-white/10">
                {!searching && folder !== '' && <Breadcrumb rootLabel={title} folder={folder} hrefFor={hrefFor} onSelect={selectFolder} />}
                <div className="flex items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <h2 id={`${treeId}-files`} className="truncate text-lg font-semibold">
                      {searching ? `Search results for "${query.trim()}"` : folderTitle}
                    </h2>
                    <p className="truncate text-xs text-gray-600 dark:text-gray-400" role="status">
                      {!loaded
                        ? 'Loading songs…'
                        : searching
                          ? `${results.files.length} files and ${results.folders.length} folders found`
                          : `${folderNode.folders.length ? `${folderNode.folders.length} ${folderNode.folders.length === 1 ? 'folder' : 'folders'} · ` : ''}${folderNode.files.length} ${folderNode.files.length === 1 ? 'file' : 'files'} here, ${folderNode.totalFiles} in total`}
                    </p>
                  </div>
                  {!searching && loaded && folderNode.totalFiles > 0 && (
                    <button
                      type="button"
                      onClick={() => downloadFolder(folderNode)}
                      disabled={tooBig}
                      title={tooBig ? `Zips hold at most ${MAX_ZIP_FILES} files` : `Download ${folderTitle} as a zip`}
                      className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-indigo-600 px-3 py-1.5 text-left text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-gray-400 dark:focus-visible:outline-indigo-300 dark:disabled:bg-gray-700"
                    >
                      <DownloadIcon className="shrink-0" />
                      <span className="flex flex-col leading-tight">
                        <span>Download folder</span> <span className="text-xs font-normal text-indigo-100">{folderSummary(folderNode)}</span>
                      </span>
                    </button>
                  )}
                </div>
              </header>
              {loaded &&
                (entries.length === 0 ? (
                  <p className="p-6 text-center text-gray-600 dark:text-gray-400">
                    {searching ? `No songs or folders match "${query.trim()}"` : 'This folder is empty.'}
                  </p>
                ) : (
                  <FileList
                    entries={entries}
                    label={searching ? 'Search results' : `Files in ${folderTitle}`}
                    showFolder={searching}
                    current={player.current}
                    playing={player.playing}
                    durations={player.durations}
                    onPlay={playSong}
                    onDownload={downloadSong}
                    onOpenFolder={(path) => {
                      setQuery('');
                      selectFolder(path);
                    }}
                    resetKey={searching ? `q:${query}` : `f:${folder}`}
                  />
                ))}
            </section>
          </div>
        )}
      </section>
      <PlayerBar player={player} onShowShortcuts={showShortcuts} />
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <Modal
        open={confirmFolder !== null}
        onClose={() => setConfirmFolder(null)}
        title={`Download ${confirmFolder ? (confirmFolder.path === '' ? title : confirmFolder.name) : ''}?`}
        description={
          confirmFolder
            ? `${folderSummary(confirmFolder)} in one zip. It is saved as it arrives, so it needs that much free disk space, not memory.`
            : undefined
        }
        size="sm"
        footer={
          <>
            <button type="button" className={modalButton.secondary} onClick={() => setConfirmFolder(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={modalButton.primary}
              onClick={() => {
                const node = confirmFolder;
                setConfirmFolder(null);
                if (node) startFolderDownload(node);
              }}
            >
              Download
            </button>
          </>
        }
      />
    </>
  );
}
