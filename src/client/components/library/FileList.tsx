import { baseName, isPlayable, parentFolder } from '../../../shared/song-paths';
import { DownloadIcon, FileIcon, FolderIcon, PauseIcon, PlayIcon } from './LibraryIcons';
import { VirtualList } from './VirtualList';

export type FileListEntry = { kind: 'folder'; path: string } | { kind: 'file'; path: string };

interface FileListProps {
  entries: readonly FileListEntry[];
  label: string;
  /** Show each file's folder under its name (search results span the library). */
  showFolder: boolean;
  current: string | null;
  playing: boolean;
  onPlay: (path: string) => void;
  onDownload: (path: string) => void;
  onOpenFolder: (path: string) => void;
  resetKey: string;
}

const ROW_HEIGHT = 56;

export function FileList({ entries, label, showFolder, current, playing, onPlay, onDownload, onOpenFolder, resetKey }: FileListProps) {
  return (
    <VirtualList
      label={label}
      count={entries.length}
      rowHeight={ROW_HEIGHT}
      resetKey={resetKey}
      className="max-h-[60vh] md:max-h-[calc(100vh-16rem)]"
      renderRow={(i) => {
        const entry = entries[i];
        if (!entry) return null;
        if (entry.kind === 'folder') {
          return (
            <div className="flex h-full items-center border-b border-white/5 px-2">
              <button
                type="button"
                onClick={() => onOpenFolder(entry.path)}
                className="flex min-w-0 flex-1 items-center gap-3 rounded px-2 py-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-400"
              >
                <FolderIcon className="shrink-0 text-indigo-300" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{baseName(entry.path)}</span>
                  <span className="block truncate text-xs text-gray-400">{parentFolder(entry.path) || 'Folder'}</span>
                </span>
              </button>
            </div>
          );
        }
        const name = baseName(entry.path);
        const playable = isPlayable(entry.path);
        const isCurrent = entry.path === current;
        const folder = parentFolder(entry.path);
        const text = (
          <span className="min-w-0">
            <span className={`block truncate ${isCurrent ? 'font-semibold text-indigo-300' : ''}`}>{name}</span>
            {showFolder && <span className="block truncate text-xs text-gray-400">{folder || '/'}</span>}
          </span>
        );
        return (
          <div
            className={`flex h-full items-center gap-2 border-b border-white/5 px-2 ${isCurrent ? 'bg-indigo-500/10' : 'hover:bg-white/5'}`}
            data-song={entry.path}
          >
            {playable ? (
              <button
                type="button"
                aria-label={`${isCurrent && playing ? 'Pause' : 'Play'} ${name}`}
                aria-pressed={isCurrent && playing}
                onClick={() => onPlay(entry.path)}
                className="flex min-w-0 flex-1 items-center gap-3 rounded px-2 py-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-400"
              >
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full ${isCurrent ? 'bg-indigo-500 text-white' : 'bg-white/10 text-gray-200'}`}
                >
                  {isCurrent && playing ? <PauseIcon /> : <PlayIcon />}
                </span>
                {text}
              </button>
            ) : (
              <div className="flex min-w-0 flex-1 items-center gap-3 px-2 py-1 text-gray-400" title="Not an audio file">
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <FileIcon />
                </span>
                {text}
              </div>
            )}
            <button
              type="button"
              aria-label={`Download ${name}`}
              title="Download"
              onClick={() => onDownload(entry.path)}
              className="flex size-9 shrink-0 items-center justify-center rounded text-gray-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
            >
              <DownloadIcon />
            </button>
          </div>
        );
      }}
    />
  );
}
