import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import type { FolderNode } from '../../../shared/song-tree';
import { ChevronRightIcon, DownloadIcon, FolderIcon } from './LibraryIcons';
import { VirtualList } from './VirtualList';

export interface VisibleFolder {
  node: FolderNode;
  depth: number;
}

/** The rows the tree shows: the root, its folders, and the folders inside expanded ones. */
export function visibleFolders(root: FolderNode, expanded: ReadonlySet<string>): VisibleFolder[] {
  const rows: VisibleFolder[] = [{ node: root, depth: 0 }];
  const walk = (node: FolderNode, depth: number) => {
    for (const child of node.folders) {
      rows.push({ node: child, depth });
      if (expanded.has(child.path)) walk(child, depth + 1);
    }
  };
  walk(root, 1);
  return rows;
}

interface FolderTreeProps {
  root: FolderNode;
  rootLabel: string;
  expanded: ReadonlySet<string>;
  selected: string;
  onToggle: (path: string) => void;
  onSelect: (path: string) => void;
  onDownload: (node: FolderNode) => void;
}

/** 44 px: a comfortable touch target on phones. */
const ROW_HEIGHT = 44;
const INDENT_PX = 14;

const TREE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Focuses a row's folder button, scrolling the virtual list first when the row is not rendered yet. */
function focusRow(list: HTMLElement | null, index: number) {
  const find = () => list?.querySelector<HTMLElement>(`[data-folder-row="${index}"]`);
  const row = find();
  if (row) {
    row.focus();
    return;
  }
  const scroller = list?.parentElement;
  if (!scroller) return;
  scroller.scrollTop = index * ROW_HEIGHT;
  scroller.dispatchEvent(new Event('scroll'));
  requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
}

/** The tree pattern's keys: ↑/↓ move, → expands or enters, ← collapses or goes to the parent, Home/End. */
export function treeKeyTarget(rows: VisibleFolder[], index: number, key: string, expanded: ReadonlySet<string>): { focus?: number; toggle?: string } | null {
  const row = rows[index];
  if (!row) return null;
  const { node, depth } = row;
  const isRoot = node.path === '';
  const isOpen = isRoot || expanded.has(node.path);
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { focus: index + 1 } : null;
    case 'ArrowUp':
      return index > 0 ? { focus: index - 1 } : null;
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: rows.length - 1 };
    case 'ArrowRight':
      if (node.folders.length === 0) return null;
      return isOpen ? { focus: index + 1 } : { toggle: node.path };
    case 'ArrowLeft': {
      if (!isRoot && isOpen && node.folders.length > 0) return { toggle: node.path };
      for (let i = index - 1; i >= 0; i--) if ((rows[i]?.depth ?? 0) < depth) return { focus: i };
      return null;
    }
    default:
      return null;
  }
}

/** Memoised: typing in the search box does not re-render it. */
export const FolderTree = memo(function FolderTree({ root, rootLabel, expanded, selected, onToggle, onSelect, onDownload }: FolderTreeProps) {
  const rows = useMemo(() => visibleFolders(root, expanded), [root, expanded]);
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (!TREE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Inside the tree the arrows navigate it; they never seek the player.
    event.preventDefault();
    const target = treeKeyTarget(rows, index, event.key, expanded);
    if (!target) return;
    if (target.toggle !== undefined) onToggle(target.toggle);
    if (target.focus !== undefined) focusRow(listRef.current?.querySelector('ul') ?? null, target.focus);
  };
  return (
    <div ref={listRef}>
      <VirtualList
        label="Folders"
        count={rows.length}
        rowHeight={ROW_HEIGHT}
        className="max-h-[55dvh] md:max-h-[calc(100dvh-18rem)]"
        renderRow={(i) => {
          const row = rows[i];
          if (!row) return null;
          const { node, depth } = row;
          const isRoot = node.path === '';
          const isOpen = isRoot || expanded.has(node.path);
          const isSelected = node.path === selected;
          const name = isRoot ? rootLabel : node.name;
          return (
            <div
              className={`group flex h-full items-center gap-1 rounded-md pr-1 ${isSelected ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-600/30 dark:text-white' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/5'}`}
              style={{ paddingLeft: depth * INDENT_PX }}
              data-folder={node.path}
            >
              {!isRoot && node.folders.length > 0 ? (
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${name}`}
                  onClick={() => onToggle(node.path)}
                  className="flex size-6 shrink-0 items-center justify-center rounded text-gray-500 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 max-md:size-9 dark:text-gray-400 dark:hover:text-white dark:focus-visible:outline-indigo-400"
                >
                  <ChevronRightIcon className={`transition-transform ${isOpen ? 'rotate-90' : ''}`} />
                </button>
              ) : (
                <span className="size-6 shrink-0" aria-hidden="true" />
              )}
              <button
                type="button"
                data-folder-row={i}
                aria-current={isSelected ? 'true' : undefined}
                aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Home End"
                onKeyDown={(e) => onKeyDown(e, i)}
                onClick={() => onSelect(node.path)}
                title={isRoot ? rootLabel : node.path}
                className="flex h-full min-w-0 flex-1 items-center gap-2 rounded px-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400"
              >
                <FolderIcon className="shrink-0 text-indigo-500 dark:text-indigo-300" />
                <span className="truncate">{name}</span>
                <span className="ml-auto shrink-0 text-xs text-gray-600 dark:text-gray-400" aria-label={`${node.totalFiles} files`}>
                  {node.totalFiles}
                </span>
              </button>
              <button
                type="button"
                aria-label={`Download folder ${name} as zip`}
                title="Download as zip"
                onClick={() => onDownload(node)}
                className="flex size-7 shrink-0 items-center justify-center rounded text-gray-500 opacity-70 group-hover:opacity-100 hover:bg-gray-200 hover:text-gray-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500 max-md:size-11 max-md:opacity-100 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-white dark:focus-visible:outline-indigo-400"
              >
                <DownloadIcon />
              </button>
            </div>
          );
        }}
      />
    </div>
  );
});
