import { describe, expect, it } from 'vitest';
import { treeKeyTarget, typeAheadTarget, visibleFolders } from '../../src/client/features/library/FolderTree';
import { buildSongTree } from '../../src/client/features/library/song-tree';

const root = buildSongTree(['A/One/x.mp3', 'A/Two/y.mp3', 'A/z.mp3', 'B/w.mp3']);

describe('folder tree keys', () => {
  it('moves with the up and down arrows, Home and End', () => {
    const rows = visibleFolders(root, new Set());
    expect(rows.map((r) => r.node.path)).toEqual(['', 'A', 'B']);
    expect(treeKeyTarget(rows, 0, 'ArrowDown', new Set())).toEqual({ focus: 1 });
    expect(treeKeyTarget(rows, 2, 'ArrowDown', new Set())).toBeNull();
    expect(treeKeyTarget(rows, 1, 'ArrowUp', new Set())).toEqual({ focus: 0 });
    expect(treeKeyTarget(rows, 1, 'End', new Set())).toEqual({ focus: 2 });
    expect(treeKeyTarget(rows, 2, 'Home', new Set())).toEqual({ focus: 0 });
  });

  it('expands with the right arrow, then enters the first child', () => {
    const closed = new Set<string>();
    const rowsClosed = visibleFolders(root, closed);
    expect(treeKeyTarget(rowsClosed, 1, 'ArrowRight', closed)).toEqual({ toggle: 'A' });
    const open = new Set(['A']);
    const rowsOpen = visibleFolders(root, open);
    expect(rowsOpen.map((r) => r.node.path)).toEqual(['', 'A', 'A/One', 'A/Two', 'B']);
    expect(treeKeyTarget(rowsOpen, 1, 'ArrowRight', open)).toEqual({ focus: 2 });
    expect(treeKeyTarget(rowsOpen, 2, 'ArrowRight', open)).toBeNull();
  });

  it('collapses with the left arrow, or goes to the parent', () => {
    const open = new Set(['A']);
    const rows = visibleFolders(root, open);
    expect(treeKeyTarget(rows, 1, 'ArrowLeft', open)).toEqual({ toggle: 'A' });
    expect(treeKeyTarget(rows, 3, 'ArrowLeft', open)).toEqual({ focus: 1 });
    expect(treeKeyTarget(rows, 4, 'ArrowLeft', open)).toEqual({ focus: 0 });
    expect(treeKeyTarget(rows, 0, 'ArrowLeft', open)).toBeNull();
  });

  it('opens the folder with Enter or Space, and ignores other keys', () => {
    const rows = visibleFolders(root, new Set());
    expect(treeKeyTarget(rows, 1, 'Enter', new Set())).toEqual({ select: 'A' });
    expect(treeKeyTarget(rows, 0, ' ', new Set())).toEqual({ select: '' });
    expect(treeKeyTarget(rows, 1, 'Tab', new Set())).toBeNull();
    expect(treeKeyTarget(rows, 1, '/', new Set())).toBeNull();
    expect(treeKeyTarget(rows, 9, 'ArrowDown', new Set())).toBeNull();
  });

  it('jumps to the next folder whose name starts with a typed letter, wrapping round', () => {
    const letters = buildSongTree(['Alpha/a.mp3', 'Beta/b.mp3', 'Bravo/c.mp3', 'Kilo/d.mp3']);
    const rows = visibleFolders(letters, new Set());
    expect(rows.map((r) => r.node.path)).toEqual(['', 'Alpha', 'Beta', 'Bravo', 'Kilo']);
    expect(treeKeyTarget(rows, 0, 'b', new Set(), 'Kenji Library')).toEqual({ focus: 2 });
    expect(typeAheadTarget(rows, 2, 'B', 'Kenji Library')).toBe(3);
    expect(typeAheadTarget(rows, 3, 'b', 'Kenji Library')).toBe(2);
    // The root row is named by the library: 'k' finds Kilo first, then the root.
    expect(typeAheadTarget(rows, 0, 'k', 'Kenji Library')).toBe(4);
    expect(typeAheadTarget(rows, 4, 'k', 'Kenji Library')).toBe(0);
    expect(treeKeyTarget(rows, 0, 'z', new Set(), 'Kenji Library')).toBeNull();
  });

  it('gives each row its level, its place among its siblings and their number', () => {
    const rows = visibleFolders(root, new Set(['A']));
    expect(rows.map((r) => [r.node.path, r.depth + 1, r.position, r.siblings])).toEqual([
      ['', 1, 1, 1],
      ['A', 2, 1, 2],
      ['A/One', 3, 1, 2],
      ['A/Two', 3, 2, 2],
      ['B', 2, 2, 2],
    ]);
  });
});
