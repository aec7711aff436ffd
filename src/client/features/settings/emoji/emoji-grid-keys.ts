/**
 * Where an arrow key moves in the picker's grid: sections (the server's emoji, then each category, or the search's
 * results) of a fixed number of columns, laid out one under the other, counted as one run of emoji.
 */

/** Emoji per row of the grid (its CSS draws as many). */
export const GRID_COLUMNS = 8;

interface Place {
  section: number;
  row: number;
  column: number;
}

function placeOf(sizes: readonly number[], index: number): Place {
  let start = 0;
  for (const [section, size] of sizes.entries()) {
    if (index < start + size) return { section, row: Math.floor((index - start) / GRID_COLUMNS), column: (index - start) % GRID_COLUMNS };
    start += size;
  }
  return { section: sizes.length - 1, row: 0, column: 0 };
}

const startOf = (sizes: readonly number[], section: number) => sizes.slice(0, section).reduce((sum, size) => sum + size, 0);
const rowsOf = (size: number) => Math.ceil(size / GRID_COLUMNS);

/** The index in `section`'s `row`, at `column` or the row's last emoji when it is shorter. */
function at(sizes: readonly number[], section: number, row: number, column: number): number {
  const size = sizes[section] ?? 0;
  return startOf(sizes, section) + Math.min(row * GRID_COLUMNS + column, size - 1);
}

/** The section above or below that has emoji, or null at the grid's edge. */
function nextSection(sizes: readonly number[], from: number, step: 1 | -1): number | null {
  for (let section = from + step; section >= 0 && section < sizes.length; section += step) if ((sizes[section] ?? 0) > 0) return section;
  return null;
}

/** The emoji a key moves to from `index`, or null when the key is not one the grid moves with. */
export function moveInGrid(sizes: readonly number[], index: number, key: string): number | null {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return null;
  const { section, row, column } = placeOf(sizes, index);
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(total - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    case 'ArrowUp': {
      if (row > 0) return at(sizes, section, row - 1, column);
      const above = nextSection(sizes, section, -1);
      return above === null ? index : at(sizes, above, rowsOf(sizes[above] ?? 0) - 1, column);
    }
    case 'ArrowDown': {
      if (row < rowsOf(sizes[section] ?? 0) - 1) return at(sizes, section, row + 1, column);
      const below = nextSection(sizes, section, 1);
      return below === null ? index : at(sizes, below, 0, column);
    }
    default:
      return null;
  }
}
