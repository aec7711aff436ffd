import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from '../../navigation';
import { CONFIRM_FOLDER_BYTES } from '../../features/library/song-listing';
import { baseName, folderZipName, isPlayable, LIBRARY_TITLES, libraryFromPathname, parentFolder, trackTitle } from '../../../shared/songs/paths';
import { folderDownloadUrl, songDownloadUrl } from '../../../shared/songs/calls';
import { EMPTY_SEARCH_RESULT } from '../../features/library/song-search';
import { collapseFolder, expandFolders, findFolder, folderAndAncestors, type FolderNode } from '../../features/library/song-tree';
import { PHONE_QUERY } from '../../hooks/useMediaQuery';
import { ConfirmFolderDownload } from '../../features/library/ConfirmFolderDownload';
import { FileList } from '../../features/library/FileList';
import { folderEntries, searchEntries } from '../../features/library/file-list-entries';
import { FolderFilesHeader } from '../../features/library/FolderFilesHeader';
import { FolderTree } from '../../features/library/FolderTree';
import { FolderDrawer } from '../../features/library/FolderDrawer';
import { LibrarySearchBar } from '../../features/library/LibrarySearchBar';
import { FileListSkeleton, FolderTreeSkeleton } from '../../features/library/LibrarySkeleton';
import { SongListError } from '../../features/library/SongListError';
import { PlayerBar } from '../../features/library/PlayerBar';
import { songsIn } from '../../features/library/play-queue';
import { queuedMessage } from '../../features/library/queue-messages';
import { libraryToast, preloadLibraryToasts } from '../../features/library/library-toasts';
import { ShortcutsDialog } from '../../features/library/ShortcutsDialog';
import { useDrawerFocus, useInertBehind } from '../../features/library/useDrawerFocus';
import { useLibraryLocation } from '../../features/library/useLibraryLocation';
import { useMediaSession } from '../../features/library/useMediaSession';
import { usePlayerShortcuts } from '../../features/library/usePlayerShortcuts';
import { useFolderDownload, useSongDownload } from '../../features/library/useSongDownload';
import { useSongPlayer } from '../../features/library/useSongPlayer';
import { useSongSearch } from '../../features/library/useSongSearch';
import { useLibraryListing } from '../../features/library/useLibraryListing';
import './page.css';
import { lazyComponent } from '../../lazy-component';
import { MusicHeader } from '../../layout/MusicHeader';

/** The queue panel's code loads when it is first opened (or pointed at): the first paint carries only its button. */
const QueuePanel = lazyComponent(() => import('../../features/library/QueuePanel'));

export default function Library() {
  const [pathname] = useLocation();
  const library = libraryFromPathname(pathname);
  const title = LIBRARY_TITLES[library];
  const { listed, known: loaded, filesKnownIn, paths, tree, durations, error, retry } = useLibraryListing(library);
  const searcher = useSongSearch(paths);

  const hasFolder = useCallback((path: string) => findFolder(tree, path) !== undefined, [tree]);
  const [{ folder: urlFolder, song: urlSong }, setLocation] = useLibraryLocation(hasFolder);
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

  const player = useSongPlayer(library, listed ? paths : null);
  const download = useSongDownload();
  const downloadZip = useFolderDownload();
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const toggleQueue = useCallback(() => setQueueOpen((open) => !open), []);
  usePlayerShortcuts(player, { focusSearch: () => searchRef.current?.focus(), showShortcuts, toggleQueue });
  useMediaSession(player, library);
  useEffect(preloadLibraryToasts, []);

  const { cue, ready } = player;
  // A shared link names a song: put it in the player (paused) once we know it exists and the stored queue
  // is read. A reload keeps the stored queue when it is at that song; otherwise the song's folder is the queue.
  // A song this page put in the URL itself (by playing it) is already in the player, with its own queue.
  const playedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !urlSong || urlSong === playedRef.current || !paths.includes(urlSong)) return;
    cue(urlSong, (findFolder(tree, parentFolder(urlSong))?.files ?? []).filter(isPlayable));
  }, [urlSong, paths, tree, cue, ready]);

  const entries = useMemo(() => (searching ? searchEntries(results) : folderEntries(folderNode)), [searching, results, folderNode]);

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

  /**
   * What 'Play folder' / 'Play all' plays: the folder with its subfolders, or the search results' songs; null while
   * only the first paint's view is known and the folder has subfolders, whose songs come with the whole list.
   */
  const shownSongs = useCallback(
    () => (searching ? results.files.toArray().filter(isPlayable) : listed || folderNode.folders.length === 0 ? songsIn(folderNode) : null),
    [searching, results, folderNode, listed],
  );

  const playShown = useCallback(() => {
    const songs = shownSongs();
    const first = songs && player.playAll(songs);
    if (!first) return;
    playedRef.current = first;
    setLocation({ song: first });
  }, [player, setLocation, shownSongs]);

  const enqueue = useCallback(
    (songs: readonly string[]) => {
      const { ok, text } = queuedMessage(songs, player.enqueue(songs));
      void libraryToast().then((toast) => (ok ? toast.success(text) : toast.error(text)));
    },
    [player],
  );
  const enqueueSong = useCallback((path: string) => enqueue([path]), [enqueue]);
  const playSongNext = useCallback(
    (path: string) => {
      const added = player.playNext([path]);
      void libraryToast().then((toast) => (added ? toast.success(`${trackTitle(path)} plays next`) : toast.error(queuedMessage([path], added).text)));
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
  // Big folders ask first (ConfirmFolderDownload).
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
  // In this order: on closing, the page stops being inert before focus goes back to the Show Folders button in it.
  useInertBehind(drawerRef, showFolders, PHONE_QUERY);
  useDrawerFocus(drawerRef, showFolders, closeFolders, foldersButtonRef);
  const preloadQueue = useCallback(() => void QueuePanel.preload(), []);

  const treeId = useId();
  const folderTitle = folder === '' ? title : baseName(folder);
  // A search needs the whole list; a folder, its own files (the first paint has the open folder's).
  const shownKnown = searching ? listed : filesKnownIn(folder);
  // Lengths from the list, else the ones the player measured.
  const lengths = useMemo(() => new Map([...player.durations, ...durations]), [player.durations, durations]);

  return (
    <>
      <MusicHeader title={title} />
      <main id="main" className="flex-1">
        <section className={`mx-auto max-w-7xl px-3 pt-20 pb-40 sm:px-6 md:pb-32 ${queueOpen ? 'md:pr-[25rem] xl:max-w-none' : ''}`}>
          <h1 className="sr-only">{title}</h1>
          <LibrarySearchBar
            inputRef={searchRef}
            query={query}
            onQuery={setQuery}
            foldersOpen={showFolders}
            foldersId={treeId}
            foldersButtonRef={foldersButtonRef}
            onToggleFolders={() => setShowFolders((s) => !s)}
          />

          {error ? (
            <SongListError onRetry={retry} />
          ) : (
            <div className="mt-3 grid gap-4 md:mt-4 md:grid-cols-[minmax(14rem,20rem)_1fr]">
              <FolderDrawer drawerRef={drawerRef} id={treeId} open={showFolders} onClose={closeFolders}>
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
                  <FolderTreeSkeleton />
                )}
              </FolderDrawer>
              <section aria-labelledby={`${treeId}-files`} className="library-panel min-w-0">
                <FolderFilesHeader
                  headingId={`${treeId}-files`}
                  rootLabel={title}
                  folder={folder}
                  node={folderNode}
                  search={searching ? { query: query.trim(), files: results.files.length, folders: results.folders.length } : null}
                  known={shownKnown}
                  hasEntries={entries.length > 0}
                  hrefFor={hrefFor}
                  onSelectFolder={selectFolder}
                  onPlayShown={playShown}
                  onEnqueueShown={() => {
                    const songs = shownSongs();
                    if (songs) enqueue(songs);
                  }}
                  onDownloadFolder={downloadFolder}
                />
                {!shownKnown && <FileListSkeleton />}
                {shownKnown &&
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
                      durations={lengths}
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
        <ConfirmFolderDownload folder={confirmFolder} rootLabel={title} onCancel={() => setConfirmFolder(null)} onDownload={startFolderDownload} />
      </main>
    </>
  );
}
