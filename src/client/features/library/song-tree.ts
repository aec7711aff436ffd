/** The folder tree and search of a song library, built from its flat list of paths. */
import type { LibraryPageView } from '../../../shared/library-page-view';
import { compareNames } from '../../../shared/songs/order';
import { baseName, parentFolder } from '../../../shared/songs/paths';

export interface FolderNode {
  name: string;
  /** '' for the library root */
  path: string;
  folders: FolderNode[];
  /** Full paths of the files directly in this folder, sorted by name. */
  files: string[];
  /** Files in this folder and all its descendants. */
  totalFiles: number;
  /** Their bytes, when the listing had sizes; null otherwise. */
  totalBytes: number | null;
}

/** `sizes` (bytes, aligned with `paths`) gives every folder its total size. */
export function buildSongTree(paths: readonly string[], sizes: readonly number[] | null = null): FolderNode {
  const bytes = sizes ? 0 : null;
  const root: FolderNode = { name: '', path: '', folders: [], files: [], totalFiles: 0, totalBytes: bytes };
  const byPath = new Map<string, FolderNode>([['', root]]);
  const childrenOf = new Map<FolderNode, Map<string, FolderNode>>();
  for (let p = 0; p < paths.length; p++) {
    const path = paths[p] as string;
    if (path === '' || path.endsWith('/')) continue;
    const size = sizes?.[p] ?? 0;
    const segments = path.split('/');
    let node = root;
    node.totalFiles++;
    if (node.totalBytes !== null) node.totalBytes += size;
    for (let i = 0; i < segments.length - 1; i++) {
      const name = segments[i] as string;
      let kids = childrenOf.get(node);
      if (!kids) childrenOf.set(node, (kids = new Map<string, FolderNode>()));
      let child = kids.get(name);
      if (!child) {
        const childPath = node.path === '' ? name : `${node.path}/${name}`;
        child = { name, path: childPath, folders: [], files: [], totalFiles: 0, totalBytes: bytes };
        kids.set(name, child);
        node.folders.push(child);
        byPath.set(childPath, child);
      }
      node = child;
      node.totalFiles++;
      if (node.totalBytes !== null) node.totalBytes += size;
    }
    node.files.push(path);
  }
  for (const node of byPath.values()) {
    node.folders.sort((a, b) => compareNames(a.name, b.name));
    node.files.sort((a, b) => compareNames(baseName(a), baseName(b)));
  }
  return root;
}

/**
 * The tree of a page's first paint (render/library-page.tsx): every folder with the totals of the whole list, and
 * files in the open folder only. What it shows is what buildSongTree shows there once the whole list is read. The
 * view comes in tree order (inTreeOrder), so it is built as it comes, with no name compared before hydration.
 */
export function treeFromView(view: LibraryPageView): FolderNode {
  const byPath = new Map<string, FolderNode>();
  for (const totals of view.folders) {
    const node: FolderNode = { name: baseName(totals.path), path: totals.path, folders: [], files: [], totalFiles: totals.files, totalBytes: totals.bytes };
    byPath.get(parentFolder(totals.path))?.folders.push(node);
    byPath.set(totals.path, node);
  }
  const root = byPath.get('') ?? { name: '', path: '', folders: [], files: [], totalFiles: 0, totalBytes: 0 };
  const open = byPath.get(view.folder);
  if (open) open.files = view.files.map((file) => file.path);
  return root;
}

export function findFolder(root: FolderNode, path: string): FolderNode | undefined {
  if (path === '') return root;
  let node: FolderNode | undefined = root;
  for (const name of path.split('/')) {
    node = node.folders.find((f) => f.name === name);
    if (!node) return undefined;
  }
  return node;
}

/** 'a/b/c' → ['a', 'a/b', 'a/b/c'] */
export function folderAndAncestors(path: string): string[] {
  if (path === '') return [];
  const segments = path.split('/');
  return segments.map((_, i) => segments.slice(0, i + 1).join('/'));
}

/** Collapsing a folder also collapses every expanded folder inside it (SPEC section 4). */
export function collapseFolder(expanded: ReadonlySet<string>, path: string): Set<string> {
  const prefix = `${path}/`;
  return new Set([...expanded].filter((p) => p !== path && !p.startsWith(prefix)));
}

export function expandFolders(expanded: ReadonlySet<string>, paths: readonly string[]): Set<string> {
  const next = new Set(expanded);
  for (const p of paths) next.add(p);
  return next;
}
