import { describe, expect, it } from 'vitest';
import { treeKeyTarget, visibleFolders } from '../../src/client/components/library/FolderTree';
import { buildSongTree } from '../../src/shared/song-tree';

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
});
