import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FolderNode } from './song-tree';
import { ChevronRightIcon, DownloadIcon, FolderIcon } from './LibraryIcons';
import { VirtualList } from './VirtualList';

export interface VisibleFolder {
  node: FolderNode;
  depth: number;
  /** Place among its siblings (1-based) and how many they are: the tree's aria-posinset and aria-setsize. */
  position: number;
  siblings: number;
}

/** The rows the tree shows: the root, its folders, and the folders inside expanded ones. */
export function visibleFolders(root: FolderNode, expanded: ReadonlySet<string>): VisibleFolder[] {
  const rows: VisibleFolder[] = [{ node: root, depth: 0, position: 1, siblings: 1 }];
  const walk = (node: FolderNode, depth: number) => {
    node.folders.forEach((child, i) => {
      rows.push({ node: child, depth, position: i + 1, siblings: node.folders.length });
      if (expanded.has(child.path)) walk(child, depth + 1);
    });
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

export interface TreeMove {
  focus?: number;
  toggle?: string;
  select?: string;
}

const rowName = (row: VisibleFolder, rootLabel: string) => (row.node.path === '' ? rootLabel : row.node.name);

/**
 * Type-ahead: a letter or digit moves to the next row whose name starts with it, wrapping at the end
 * (the tree pattern's optional first-character navigation).
 */
export function typeAheadTarget(rows: readonly VisibleFolder[], index: number, char: string, rootLabel: string): number | null {
  const wanted = char.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const i = (index + step) % rows.length;
    const row = rows[i];
    if (row && rowName(row, rootLabel).toLocaleLowerCase().startsWith(wanted)) return i;
  }
  return null;
}

/**
 * The tree pattern's keys: ↑/↓ move, → expands or enters, ← collapses or goes to the parent, Home/End,
 * Enter and Space open the folder, a letter jumps to the next folder starting with it.
 */
export function treeKeyTarget(rows: readonly VisibleFolder[], index: number, key: string, expanded: ReadonlySet<string>, rootLabel = ''): TreeMove | null {
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
    case 'Enter':
    case ' ':
      return { select: node.path };
    default: {
      if (!/^[\p{L}\p{N}]$/u.test(key)) return null;
      const target = typeAheadTarget(rows, index, key, rootLabel);
      return target === null ? null : { focus: target };
    }
  }
}

/**
 * The folders as one ARIA tree: a single Tab stop (roving tabindex), arrow keys inside. Memoised: typing in
 * the search box does not re-render it.
 */
export const FolderTree = memo(function FolderTree({ root, rootLabel, expanded, selected, onToggle, onSelect, onDownload }: FolderTreeProps) {
  const rows = useMemo(() => visibleFolders(root, expanded), [root, expanded]);
  const listRef = useRef<HTMLDivElement>(null);
  /** The row holding the Tab stop: the last one the keyboard or a click went to, else the selected folder. */
  const [activePath, setActivePath] = useState<string | null>(null);
  const focusPending = useRef(false);
  const byPath = (path: string | null) => (path === null ? -1 : rows.findIndex((r) => r.node.path === path));
  const activeIndex = [byPath(activePath), byPath(selected), 0].find((i) => i >= 0) ?? 0;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    listRef.current?.querySelector<HTMLElement>(`[data-folder-row="${activeIndex}"]`)?.focus();
  }, [activeIndex]);

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    focusPending.current = true;
    setActivePath(row.node.path);
    // The same row again (the effect will not run): focus it now.
    if (index === activeIndex) listRef.current?.querySelector<HTMLElement>(`[data-folder-row="${index}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = treeKeyTarget(rows, index, event.key, expanded, rootLabel);
    if (!target) return;
    // Inside the tree the keys navigate it; they never reach the player's shortcuts.
    event.preventDefault();
    if (target.toggle !== undefined) onToggle(target.toggle);
    if (target.focus !== undefined) moveTo(target.focus);
    if (target.select !== undefined) onSelect(target.select);
  };

  return (
    <div ref={listRef}>
      <VirtualList
        role="tree"
        label="Folders"
        count={rows.length}
        rowHeight={ROW_HEIGHT}
        keepIndex={activeIndex}
        className="max-h-[calc(100dvh-9rem)] md:max-h-[calc(100dvh-18rem)]"
        renderRow={(i) => {
          const row = rows[i];
          if (!row) return null;
          const { node, depth } = row;
          const isRoot = node.path === '';
          const hasChildren = node.folders.length > 0;
          const isOpen = isRoot || expanded.has(node.path);
          const isSelected = node.path === selected;
          const name = rowName(row, rootLabel);
          return (
            <div
              role="treeitem"
              tabIndex={i === activeIndex ? 0 : -1}
              aria-level={depth + 1}
              aria-setsize={row.siblings}
              aria-posinset={row.position}
              aria-expanded={hasChildren ? isOpen : undefined}
              aria-selected={isSelected}
              data-folder-row={i}
              data-folder={node.path}
              title={isRoot ? rootLabel : node.path}
              onKeyDown={(e) => onKeyDown(e, i)}
              onClick={() => {
                setActivePath(node.path);
                onSelect(node.path);
              }}
              className={`group flex h-full cursor-pointer items-center gap-1 rounded-md pr-1 text-sm outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400 ${isSelected ? 'bg-indigo-100 text-indigo-900 dark:bg-indigo-600/30 dark:text-white' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/5'}`}
              style={{ paddingLeft: depth * INDENT_PX }}
            >
              {/* The pointer's way to expand; keyboards and screen readers use the arrows and aria-expanded. */}
              {!isRoot && hasChildren ? (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  data-toggle={node.path}
                  onClick={(e) => {
                    e.stopPropagation();
                    setActivePath(node.path);
                    onToggle(node.path);
                  }}
                  className="flex size-6 shrink-0 items-center justify-center rounded text-gray-500 hover:text-gray-900 max-md:size-9 dark:text-gray-400 dark:hover:text-white"
                >
                  <ChevronRightIcon className={`transition-transform ${isOpen ? 'rotate-90' : ''}`} />
                </button>
              ) : (
                <span className="size-6 shrink-0" aria-hidden="true" />
              )}
              <FolderIcon className="shrink-0 text-indigo-500 dark:text-indigo-300" />
              <span className="min-w-0 flex-1 truncate px-1">{name}</span>
              <span className="shrink-0 text-xs text-gray-600 tabular-nums dark:text-gray-400">
                {node.totalFiles}
                <span className="sr-only"> files</span>
              </span>
              {/* The pointer's shortcut; from the keyboard, open the folder and use 'Download folder' above its files. */}
              <button
                type="button"
                tabIndex={-1}
                aria-hidden="true"
                title={`Download ${name} as a zip`}
                data-download={node.path}
                onClick={(e) => {
                  e.stopPropagation();
                  onDownload(node);
                }}
                className="flex size-7 shrink-0 items-center justify-center rounded text-gray-500 opacity-70 group-hover:opacity-100 hover:bg-gray-200 hover:text-gray-900 max-md:size-11 max-md:opacity-100 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-white"
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
