import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS, moveInGrid } from '../../src/client/features/settings/emoji/emoji-grid-keys';

// Three sections: 5 emoji (one short row), 20 (two full rows and one of 4), 3; and an empty one between.
const SIZES = [5, 20, 0, 3];

describe('moving in the emoji grid', () => {
  it('has 8 columns', () => {
    expect(GRID_COLUMNS).toBe(8);
  });

  it('moves left and right through the emoji in order, across sections, and stops at the ends', () => {
    expect(moveInGrid(SIZES, 4, 'ArrowRight')).toBe(5);
    expect(moveInGrid(SIZES, 5, 'ArrowLeft')).toBe(4);
    expect(moveInGrid(SIZES, 0, 'ArrowLeft')).toBe(0);
    expect(moveInGrid(SIZES, 27, 'ArrowRight')).toBe(27);
    expect(moveInGrid(SIZES, 13, 'Home')).toBe(0);
    expect(moveInGrid(SIZES, 13, 'End')).toBe(27);
  });

  it('moves up and down a row in the same column', () => {
    // Section 2 starts at 5: its rows are 5-12, 13-20, 21-24.
    expect(moveInGrid(SIZES, 7, 'ArrowDown')).toBe(15);
    expect(moveInGrid(SIZES, 15, 'ArrowUp')).toBe(7);
    // Down into a shorter last row: its last emoji.
    expect(moveInGrid(SIZES, 19, 'ArrowDown')).toBe(24);
    expect(moveInGrid(SIZES, 21, 'ArrowUp')).toBe(13);
  });

  it('moves between sections by their rows, skipping an empty one, the column kept where it can be', () => {
    // From the first section's only row (column 3) down to the next section's first row.
    expect(moveInGrid(SIZES, 3, 'ArrowDown')).toBe(8);
    // From the second's first row, column 6, up to the first's row: it has 5, so its last.
    expect(moveInGrid(SIZES, 11, 'ArrowUp')).toBe(4);
    // Past the empty section: from the last row of section 2 (column 1) to section 4 (column 1), and back.
    expect(moveInGrid(SIZES, 22, 'ArrowDown')).toBe(26);
    expect(moveInGrid(SIZES, 26, 'ArrowUp')).toBe(22);
    expect(moveInGrid(SIZES, 27, 'ArrowUp')).toBe(23);
  });

  it('stays at the top and bottom rows, and ignores other keys and an empty grid', () => {
    expect(moveInGrid(SIZES, 2, 'ArrowUp')).toBe(2);
    expect(moveInGrid(SIZES, 26, 'ArrowDown')).toBe(26);
    expect(moveInGrid(SIZES, 2, 'a')).toBeNull();
    expect(moveInGrid([0, 0], 0, 'ArrowDown')).toBeNull();
  });
});
