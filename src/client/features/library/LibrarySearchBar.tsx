import { useId, type RefObject } from 'react';
import { SearchIcon } from './LibraryIcons';

interface LibrarySearchBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  /** The phone's folder drawer: open or not, its id, and its button (focus returns there). */
  foldersOpen: boolean;
  foldersId: string;
  foldersButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleFolders: () => void;
}

/** The search over every path, and on a phone the button of the folder drawer (SPEC: 'Hide Folders' / 'Show Folders'). */
export function LibrarySearchBar({ inputRef, query, onQuery, foldersOpen, foldersId, foldersButtonRef, onToggleFolders }: LibrarySearchBarProps) {
  const searchId = useId();
  return (
    <div className="flex gap-2 sm:items-center sm:gap-3">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search songs and folders
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400" />
        <input
          id={searchId}
          ref={inputRef}
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Search the library…"
          autoComplete="off"
          aria-keyshortcuts="/"
          className="library-search"
        />
      </div>
      <button ref={foldersButtonRef} type="button" aria-expanded={foldersOpen} aria-controls={foldersId} onClick={onToggleFolders} className="folders-button">
        {foldersOpen ? 'Hide Folders' : 'Show Folders'}
      </button>
    </div>
  );
}
