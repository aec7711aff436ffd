/** The value, or a failure that names what was missing (instead of a non-null assertion). Both suites use it. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found none`);
  return value;
}
