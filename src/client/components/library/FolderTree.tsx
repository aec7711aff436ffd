import { useMemo } from 'react';
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
  onToggle(path: string): void;
  onSelect(path: string): void;
  onDownload(node: FolderNode): void;
}

const ROW_HEIGHT = 36;
const INDENT_PX = 14;

export function FolderTree({ root, rootLabel, expanded, selected, onToggle, onSelect, onDownload }: FolderTreeProps) {
  const rows = useMemo(() => visibleFolders(root, expanded), [root, expanded]);
  return (
    <VirtualList
      label="Folders"
      count={rows.length}
      rowHeight={ROW_HEIGHT}
      className="max-h-[40vh] md:max-h-[calc(100vh-16rem)]"
      renderRow={(i) => {
        const { node, depth } = rows[i] as VisibleFolder;
        const isRoot = node.path === '';
        const isOpen = isRoot || expanded.has(node.path);
        const isSelected = node.path === selected;
        const name = isRoot ? rootLabel : node.name;
        return (
          <div
            className={`group flex h-full items-center gap-1 rounded-md pr-1 ${isSelected ? 'bg-indigo-600/30 text-white' : 'text-gray-300 hover:bg-white/5'}`}
            style={{ paddingLeft: depth * INDENT_PX }}
            data-folder={node.path}
          >
            {!isRoot && node.folders.length > 0 ? (
              <button
                type="button"
                aria-expanded={isOpen}
                aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${name}`}
                onClick={() => onToggle(node.path)}
                className="flex size-6 shrink-0 items-center justify-center rounded text-gray-400 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
              >
                <ChevronRightIcon className={`transition-transform ${isOpen ? 'rotate-90' : ''}`} />
              </button>
            ) : (
              <span className="size-6 shrink-0" aria-hidden="true" />
            )}
            <button
              type="button"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(node.path)}
              title={isRoot ? rootLabel : node.path}
              className="flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-400"
            >
              <FolderIcon className="shrink-0 text-indigo-300" />
              <span className="truncate">{name}</span>
              <span className="ml-auto shrink-0 text-xs text-gray-500" aria-label={`${node.totalFiles} files`}>
                {node.totalFiles}
              </span>
            </button>
            <button
              type="button"
              aria-label={`Download folder ${name} as zip`}
              title="Download as zip"
              onClick={() => onDownload(node)}
              className="flex size-7 shrink-0 items-center justify-center rounded text-gray-400 opacity-70 hover:bg-white/10 hover:text-white focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-400 group-hover:opacity-100"
            >
              <DownloadIcon />
            </button>
          </div>
        );
      }}
    />
  );
}
