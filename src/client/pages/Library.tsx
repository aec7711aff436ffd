import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { MAX_ZIP_FILES } from '../../shared/song-limits';
import { CONFIRM_FOLDER_BYTES, formatBytes, readSongListing, songListingUrl } from '../features/library/song-listing';
import { baseName, folderZipName, isPlayable, LIBRARY_TITLES, libraryFromPathname, parentFolder, trackTitle } from '../../shared/song-paths';
import { folderDownloadUrl, songDownloadUrl } from '../../shared/song-calls';
import { EMPTY_SEARCH_RESULT } from '../features/library/song-search';
import { buildSongTree, collapseFolder, expandFolders, findFolder, folderAndAncestors, type FolderNode } from '../features/library/song-tree';
import { PHONE_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { Modal } from '../ui/Modal';
import { buttonClass } from '../ui/buttons';
import { Breadcrumb } from '../features/library/Breadcrumb';
import { FileList, type FileListEntries, type FileListEntry } from '../features/library/FileList';
import { FolderTree } from '../features/library/FolderTree';
import { CloseIcon, DownloadIcon, PlayIcon, QueueAddIcon, SearchIcon } from '../features/library/LibraryIcons';
import { PlayerBar } from '../features/library/PlayerBar';
import { MAX_QUEUE_SONGS, songsIn } from '../features/library/play-queue';
import { ShortcutsDialog } from '../features/library/ShortcutsDialog';
import { DRAWER_BACKDROP_ATTRIBUTE, useDrawerFocus, useInertBehind } from '../features/library/useDrawerFocus';
import { useLibraryLocation } from '../features/library/useLibraryLocation';
import { useMediaSession } from '../features/library/useMediaSession';
import { usePlayerShortcuts } from '../features/library/usePlayerShortcuts';
import { useFolderDownload, useSongDownload } from '../features/library/useSongDownload';
import { useSongPlayer } from '../features/library/useSongPlayer';
import { useSongSearch } from '../features/library/useSongSearch';
import { lazyComponent } from '../lazy-component';

/** The queue panel's code loads when it is first opened (or pointed at): the first paint carries only its button. */
const QueuePanel = lazyComponent(() => import('../features/library/QueuePanel'));
const SECONDARY_BUTTON =
  'flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:outline-indigo-300';

/** 'Added 01 Drizzle to the queue', '12 songs', or how many fitted when the queue is full. */
function queuedMessage(paths: readonly string[], added: number): { ok: boolean; text: string } {
  if (added === 0) return { ok: false, text: `The queue is full: it holds at most ${MAX_QUEUE_SONGS} songs` };
  if (added < paths.length) return { ok: true, text: `Added ${added} of ${paths.length} songs: the queue holds at most ${MAX_QUEUE_SONGS}` };
  return { ok: true, text: `Added ${paths.length === 1 ? trackTitle(paths[0] ?? '') : `${added} songs`} to the queue` };
}

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

  const [queueOpen, setQueueOpen] = useState(false);
  const queueId = useId();
  const foldersButtonRef = useRef<HTMLButtonElement>(null);
  const queueButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  const player = useSongPlayer(library, loaded ? paths : null);
  const download = useSongDownload();
  const downloadZip = useFolderDownload();
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const toggleQueue = useCallback(() => setQueueOpen((open) => !open), []);
  usePlayerShortcuts(player, { focusSearch: () => searchRef.current?.focus(), showShortcuts, toggleQueue });
  useMediaSession(player, library);

  const { cue, ready } = player;
  // A shared link names a song: put it in the player (paused) once we know it exists and the stored queue
  // is read. A reload keeps the stored queue when it is at that song; otherwise the song's folder is the queue.
  // A song this page put in the URL itself (by playing it) is already in the player, with its own queue.
  const playedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !urlSong || urlSong === playedRef.current || !paths.includes(urlSong)) return;
    cue(urlSong, (findFolder(tree, parentFolder(urlSong))?.files ?? []).filter(isPlayable));
  }, [urlSong, paths, tree, cue, ready]);

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

  /** What 'Play folder' / 'Play all' plays: the folder with its subfolders, or the search results' songs. */
  const shownSongs = useCallback(() => (searching ? results.files.toArray().filter(isPlayable) : songsIn(folderNode)), [searching, results, folderNode]);

  const playShown = useCallback(() => {
    const first = player.playAll(shownSongs());
    if (first === null) return;
    playedRef.current = first;
    setLocation({ song: first });
  }, [player, setLocation, shownSongs]);

  const enqueue = useCallback(
    (songs: readonly string[]) => {
      const { ok, text } = queuedMessage(songs, player.enqueue(songs));
      if (ok) toast.success(text);
      else toast.error(text);
    },
    [player],
  );
  const enqueueSong = useCallback((path: string) => enqueue([path]), [enqueue]);
  const playSongNext = useCallback(
    (path: string) => {
      const added = player.playNext([path]);
      if (added) toast.success(`${trackTitle(path)} plays next`);
      else toast.error(queuedMessage([path], added).text);
    },
    [player],
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

  const closeFolders = useCallback(() => setShowFolders(false), []);
  const phone = useMediaQuery(PHONE_QUERY);
  // In this order: on closing, the page stops being inert before focus goes back to the Show Folders button in it.
  useInertBehind(drawerRef, showFolders && phone);
  useDrawerFocus(drawerRef, showFolders, closeFolders, foldersButtonRef);
  const preloadQueue = useCallback(() => void QueuePanel.preload(), []);

  const searchId = useId();
  const treeId = useId();
  const folderTitle = folder === '' ? title : baseName(folder);
  const tooBig = folderNode.totalFiles > MAX_ZIP_FILES;

  return (
    <>
      <section className={`mx-auto max-w-7xl px-3 pt-20 pb-40 sm:px-6 md:pb-32 ${queueOpen ? 'md:pr-[25rem] xl:max-w-none' : ''}`}>
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
              className="library-search"
            />
          </div>
          <button
            ref={foldersButtonRef}
            type="button"
            aria-expanded={showFolders}
            aria-controls={treeId}
            onClick={() => setShowFolders((s) => !s)}
            className="folders-button"
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
            {/* On a phone the tree is an off-canvas drawer over a dimmed page; the pointer closes it by tapping the page.
                It turns visible at once (so focus can move in) and hidden only once it has slid out. */}
            {showFolders && (
              <div aria-hidden="true" {...{ [DRAWER_BACKDROP_ATTRIBUTE]: '' }} className="fixed inset-0 z-40 bg-black/50 md:hidden" onClick={closeFolders} />
            )}
            <nav
              ref={drawerRef}
              id={treeId}
              aria-label="Folders"
              role={showFolders ? 'dialog' : undefined}
              aria-modal={showFolders ? true : undefined}
              className={`library-panel folder-drawer ${showFolders ? 'max-md:transition-[translate]' : 'max-md:invisible max-md:-translate-x-full max-md:transition-[translate,visibility]'}`}
            >
              <div className="flex items-center gap-2 px-2 pb-2 md:hidden">
                <p className="flex-1 text-base font-semibold">Folders</p>
                <button type="button" onClick={closeFolders} aria-label="Close folders" className="folder-drawer-close">
                  <CloseIcon />
                </button>
              </div>
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
            <section aria-labelledby={`${treeId}-files`} className="library-panel min-w-0">
              <header className="border-b border-gray-200 px-3 py-2 sm:px-4 sm:py-3 dark:border-white/10">
                {!searching && folder !== '' && <Breadcrumb rootLabel={title} folder={folder} hrefFor={hrefFor} onSelect={selectFolder} />}
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <div className="min-w-0 flex-1 basis-48">
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
                  {loaded && entries.length > 0 && (
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        onClick={playShown}
                        className="flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-indigo-600 py-1.5 pr-4 pl-3 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:focus-visible:outline-indigo-300"
                      >
                        <PlayIcon className="shrink-0" />
                        {searching || folder === '' ? 'Play all' : 'Play folder'}
                      </button>
                      <button type="button" onClick={() => enqueue(shownSongs())} title="Add these songs to the end of the queue" className={SECONDARY_BUTTON}>
                        <QueueAddIcon className="shrink-0" />
                        <span className="max-sm:sr-only">Add to queue</span>
                      </button>
                    </div>
                  )}
                  {!searching && loaded && folderNode.totalFiles > 0 && (
                    <button
                      type="button"
                      onClick={() => downloadFolder(folderNode)}
                      disabled={tooBig}
                      title={tooBig ? `Zips hold at most ${MAX_ZIP_FILES} files` : `Download ${folderTitle} as a zip`}
                      className={`${SECONDARY_BUTTON} py-1 text-left`}
                    >
                      <DownloadIcon className="shrink-0" />
                      <span className="flex flex-col leading-tight">
                        <span>Download folder</span> <span className="text-xs font-normal text-gray-600 dark:text-gray-400">{folderSummary(folderNode)}</span>
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
                    onEnqueue={enqueueSong}
                    onPlayNext={playSongNext}
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
      <PlayerBar
        player={player}
        onShowShortcuts={showShortcuts}
        queueOpen={queueOpen}
        queueId={queueId}
        queueButtonRef={queueButtonRef}
        onToggleQueue={toggleQueue}
        onPreloadQueue={preloadQueue}
      />
      {queueOpen && (
        <Suspense fallback={null}>
          <QueuePanel.Component player={player} id={queueId} onClose={() => setQueueOpen(false)} opener={queueButtonRef} />
        </Suspense>
      )}
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
            <button type="button" className={buttonClass.secondary} onClick={() => setConfirmFolder(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonClass.primary}
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
