import type { SeededFault } from './faults.ts';

export function occurrences(text: string, snippet: string): number {
  return text.split(snippet).length - 1;
}

/** The file's text with the fault in place; throws unless the original snippet occurs exactly once. */
export function applyFault(text: string, fault: SeededFault): string {
  const found = occurrences(text, fault.original);
  if (found !== 1) throw new Error(`${fault.id}: the original snippet occurs ${found} times in ${fault.file} (expected exactly once)`);
  // A function replacement, so `$&` and the like in the faulty text stay literal.
  return text.replace(fault.original, () => fault.faulty);
}
