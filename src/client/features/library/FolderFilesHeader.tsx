import { MAX_ZIP_FILES } from '../../../shared/songs/limits';
import { Breadcrumb } from './Breadcrumb';
import { folderContents, folderSummary, searchSummary } from './folder-summary';
import { DownloadIcon, PlayIcon, QueueAddIcon } from './LibraryIcons';
import { FolderActionsSkeleton, SummarySkeleton } from './LibrarySkeleton';
import type { FolderNode } from './song-tree';

export const SECONDARY_BUTTON =
  'flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:outline-indigo-300';

interface FolderFilesHeaderProps {
  headingId: string;
  rootLabel: string;
  /** The open folder ('' = the library). */
  folder: string;
  node: FolderNode;
  /** The search's query, trimmed, and what it found; null when not searching. */
  search: { query: string; files: number; folders: number } | null;
  /** What the list shows is known (the open folder's files, or the whole list for a search). */
  known: boolean;
  hasEntries: boolean;
  hrefFor: (path: string) => string;
  onSelectFolder: (path: string) => void;
  onPlayShown: () => void;
  onEnqueueShown: () => void;
  onDownloadFolder: (node: FolderNode) => void;
}

/** Above the files: where the list is, what it holds, and what can be done with all of it. */
export function FolderFilesHeader({ headingId, rootLabel, folder, node, search, known, hasEntries, ...on }: FolderFilesHeaderProps) {
  const title = search ? `Search results for "${search.query}"` : folder === '' ? rootLabel : node.name;
  const tooBig = node.totalFiles > MAX_ZIP_FILES;
  return (
    <header className="border-b border-gray-200 px-3 py-2 sm:px-4 sm:py-3 dark:border-white/10">
      {!search && folder !== '' && <Breadcrumb rootLabel={rootLabel} folder={folder} hrefFor={on.hrefFor} onSelect={on.onSelectFolder} />}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={headingId} className="truncate text-lg font-semibold">
            {title}
          </h2>
          <p className="truncate text-xs text-gray-600 dark:text-gray-400" role="status">
            {!known ? <SummarySkeleton /> : search ? searchSummary(search.files, search.folders) : folderContents(node)}
          </p>
        </div>
        {!known && <FolderActionsSkeleton />}
        {known && hasEntries && (
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={on.onPlayShown}
              className="flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-indigo-600 py-1.5 pr-4 pl-3 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:focus-visible:outline-indigo-300"
            >
              <PlayIcon className="shrink-0" />
              {search || folder === '' ? 'Play all' : 'Play folder'}
            </button>
            <button type="button" onClick={on.onEnqueueShown} title="Add these songs to the end of the queue" className={SECONDARY_BUTTON}>
              <QueueAddIcon className="shrink-0" />
              <span className="max-sm:sr-only">Add to queue</span>
            </button>
          </div>
        )}
        {!search && known && node.totalFiles > 0 && (
          <button
            type="button"
            onClick={() => on.onDownloadFolder(node)}
            disabled={tooBig}
            title={tooBig ? `Zips hold at most ${MAX_ZIP_FILES} files` : `Download ${title} as a zip`}
            className={`${SECONDARY_BUTTON} py-1 text-left`}
          >
            <DownloadIcon className="shrink-0" />
            <span className="flex flex-col leading-tight">
              <span>Download folder</span> <span className="text-xs font-normal text-gray-600 dark:text-gray-400">{folderSummary(node)}</span>
            </span>
          </button>
        )}
      </div>
    </header>
  );
}
