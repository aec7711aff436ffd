/** The import's report: per file, what was imported, what was already there, and every refusal with its reason. */
import type { Outcome } from './plan.ts';

export interface FileReport {
  file: string;
  outcomes: readonly Outcome[];
  /** What happened to the file's writes. */
  result: 'written' | 'nothing to write' | 'dry run' | 'not written';
}

export interface Counts {
  imported: number;
  unchanged: number;
  rejected: number;
}

export function countOutcomes(outcomes: readonly Outcome[]): Counts {
  const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
  return { imported: count('imported'), unchanged: count('unchanged'), rejected: count('rejected') };
}

function outcomeLine(outcome: Outcome): string[] {
  if (outcome.status === 'rejected') return [`  ✗ rejected   ${outcome.record}: ${outcome.reason}`];
  const mark = outcome.status === 'imported' ? '+ imported ' : '= unchanged';
  return [`  ${mark}  ${outcome.record}: ${outcome.detail}`, ...(outcome.status === 'imported' && outcome.note ? [`      ! ${outcome.note}`] : [])];
}

const summary = ({ imported, unchanged, rejected }: Counts) => `imported ${imported}, unchanged ${unchanged}, rejected ${rejected}`;

export function formatReport(files: readonly FileReport[], dryRun: boolean): string {
  const lines = files.flatMap((file) => [`${file.file} (${file.result}): ${summary(countOutcomes(file.outcomes))}`, ...file.outcomes.flatMap(outcomeLine), '']);
  const total = countOutcomes(files.flatMap((file) => file.outcomes));
  lines.push(`${dryRun ? 'Dry run, nothing written' : 'Total'}: ${summary(total)}`);
  return lines.join('\n');
}
