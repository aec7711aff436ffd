import { useEffect, useRef, type MouseEvent } from 'react';
import { folderAndAncestors } from './song-tree';
import { baseName } from '../../../shared/songs/paths';
import { ChevronRightIcon } from './LibraryIcons';

interface BreadcrumbProps {
  rootLabel: string;
  folder: string;
  /** The page's own URL for a folder, so links can open in a new tab too. */
  hrefFor: (folder: string) => string;
  onSelect: (folder: string) => void;
}

/** Library / Artist / Album: every step up is a link; the last step is the folder shown. */
export function Breadcrumb({ rootLabel, folder, hrefFor, onSelect }: BreadcrumbProps) {
  const steps = ['', ...folderAndAncestors(folder)];
  // A deep path on a narrow screen scrolls sideways; the folder shown (the end) stays in view.
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollLeft = list.scrollWidth;
  }, [folder]);
  const follow = (event: MouseEvent, path: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(path);
  };
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol
        ref={listRef}
        className="flex min-w-0 items-center gap-0.5 overflow-x-auto text-sm whitespace-nowrap text-gray-500 [scrollbar-width:none] dark:text-gray-400"
      >
        {steps.map((path, i) => {
          const last = i === steps.length - 1;
          const label = path === '' ? rootLabel : baseName(path);
          return (
            <li key={path} className="flex shrink-0 items-center gap-0.5">
              {i > 0 && <ChevronRightIcon aria-hidden="true" className="size-3.5 shrink-0 opacity-60" />}
              {last ? (
                <span aria-current="page" className="px-1 font-medium text-gray-900 dark:text-gray-100">
                  {label}
                </span>
              ) : (
                <a
                  href={hrefFor(path)}
                  onClick={(e) => follow(e, path)}
                  className="inline-flex min-h-11 items-center rounded px-1 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 md:min-h-0 dark:hover:text-indigo-300 dark:focus-visible:outline-indigo-400"
                >
                  {label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
