import { baseName, extensionOf, isPlayable, parentFolder, trackTitle } from '../../../shared/songs/paths';
import { formatTime } from './format-time';
import { DownloadIcon, FileIcon, FolderIcon, PauseIcon, PlayIcon, PlayNextIcon, QueueAddIcon } from './LibraryIcons';
import { VirtualList } from './VirtualList';

/** A folder row: a subfolder (with its file count) in a folder, or a matching folder in search results. */
export type FileListEntry = { kind: 'folder'; path: string; files?: number } | { kind: 'file'; path: string };

/** The rows, read by position (a search may hold 100,000 files: no array of them is built per keystroke). */
export interface FileListEntries {
  length: number;
  at: (i: number) => FileListEntry | undefined;
}

interface FileListProps {
  entries: FileListEntries;
  label: string;
  /** Show each file's folder under its name (search results span the library). */
  showFolder: boolean;
  current: string | null;
  playing: boolean;
  durations: ReadonlyMap<string, number>;
  onPlay: (path: string) => void;
  onDownload: (path: string) => void;
  onEnqueue: (path: string) => void;
  onPlayNext: (path: string) => void;
  onOpenFolder: (path: string) => void;
  resetKey: string;
}

const ROW_HEIGHT = 56;
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400';
const ROW_ACTION = `flex size-11 shrink-0 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-white ${FOCUS}`;

export function FileList({
  entries,
  label,
  showFolder,
  current,
  playing,
  durations,
  onPlay,
  onDownload,
  onEnqueue,
  onPlayNext,
  onOpenFolder,
  resetKey,
}: FileListProps) {
  return (
    <VirtualList
      label={label}
      count={entries.length}
      rowHeight={ROW_HEIGHT}
      resetKey={resetKey}
      className="max-h-[calc(100dvh-20rem)] md:max-h-[calc(100dvh-20rem)]"
      renderRow={(i) => {
        const entry = entries.at(i);
        if (!entry) return null;
        if (entry.kind === 'folder') {
          const name = baseName(entry.path);
          return (
            <div className="flex h-full items-center border-b border-gray-100 px-2 dark:border-white/5">
              <button
                type="button"
                onClick={() => onOpenFolder(entry.path)}
                className={`flex h-11 min-w-0 flex-1 items-center gap-3 rounded px-2 text-left hover:bg-gray-100 dark:hover:bg-white/5 ${FOCUS}`}
              >
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <FolderIcon className="text-indigo-500 dark:text-indigo-300" />
                </span>
                {/* The name is what shows, so a voice command naming the folder finds the button. */}
                <span className="sr-only">Open folder </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{name}</span>
                  {entry.files === undefined && (
                    <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{parentFolder(entry.path) || 'Folder'}</span>
                  )}
                </span>
                {entry.files !== undefined && ' '}
                {entry.files !== undefined && (
                  <span className="shrink-0 text-xs text-gray-600 tabular-nums dark:text-gray-400">
                    {entry.files} {entry.files === 1 ? 'file' : 'files'}
                  </span>
                )}
              </button>
            </div>
          );
        }
        const name = baseName(entry.path);
        const playable = isPlayable(entry.path);
        const isCurrent = entry.path === current;
        const folder = parentFolder(entry.path);
        const seconds = durations.get(entry.path);
        const text = (
          <span className="min-w-0 flex-1">
            <span className="flex min-w-0 items-center gap-2">
              <span className={`truncate ${isCurrent ? 'font-semibold text-indigo-700 dark:text-indigo-300' : ''}`}>
                {playable ? trackTitle(entry.path) : name}
              </span>
              {playable && extensionOf(entry.path) && (
                <span
                  aria-hidden="true"
                  className="shrink-0 rounded border border-gray-300 px-1 text-[10px] max-sm:hidden leading-4 font-semibold text-gray-600 uppercase dark:border-white/15 dark:text-gray-400"
                >
                  {extensionOf(entry.path)}
                </span>
              )}
            </span>
            {showFolder && <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{folder || '/'}</span>}
          </span>
        );
        return (
          <div
            className={`flex h-full items-center gap-1 border-b border-gray-100 px-2 dark:border-white/5 ${isCurrent ? 'bg-indigo-50 dark:bg-indigo-500/10' : 'hover:bg-gray-50 dark:hover:bg-white/5'}`}
            data-song={entry.path}
          >
            {playable ? (
              <button
                type="button"
                aria-label={`${isCurrent && playing ? 'Pause' : 'Play'} ${name}`}
                aria-pressed={isCurrent && playing}
                onClick={() => onPlay(entry.path)}
                className={`flex h-11 min-w-0 flex-1 items-center gap-3 rounded px-2 text-left ${FOCUS}`}
              >
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full ${isCurrent ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'bg-gray-100 text-gray-700 dark:bg-white/10 dark:text-gray-200'}`}
                >
                  {isCurrent && playing ? <PauseIcon /> : <PlayIcon />}
                </span>
                {text}
                <span className="w-10 shrink-0 text-right text-xs text-gray-600 tabular-nums dark:text-gray-400" data-testid="row-duration">
                  {seconds === undefined ? '' : formatTime(seconds)}
                </span>
              </button>
            ) : (
              <div className="flex h-11 min-w-0 flex-1 items-center gap-3 px-2 text-gray-600 dark:text-gray-400" title="Not an audio file">
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <FileIcon />
                </span>
                {text}
              </div>
            )}
            {/* A phone row has room for two actions beside a readable title: Add to queue and Download. */}
            {playable && (
              <button
                type="button"
                aria-label={`Queue ${name} to play next`}
                title="Play next"
                onClick={() => onPlayNext(entry.path)}
                className={`${ROW_ACTION} max-sm:hidden`}
              >
                <PlayNextIcon />
              </button>
            )}
            {playable && (
              <button type="button" aria-label={`Add ${name} to queue`} title="Add to queue" onClick={() => onEnqueue(entry.path)} className={ROW_ACTION}>
                <QueueAddIcon />
              </button>
            )}
            <button type="button" aria-label={`Download ${name}`} title="Download" onClick={() => onDownload(entry.path)} className={ROW_ACTION}>
              <DownloadIcon />
            </button>
          </div>
        );
      }}
    />
  );
}
