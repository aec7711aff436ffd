/** The value below which a share `q` (0–1) of the values lie, between the two nearest ranks by linear interpolation; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - below);
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export const median = (values: readonly number[]): number => quantile(values, 0.5);
