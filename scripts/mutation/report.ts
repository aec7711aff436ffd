// Reads a Stryker JSON report (mutation-testing-report-schema) into a score and the mutants that no test noticed.
import { readFileSync } from 'node:fs';

interface Position {
  line: number;
  column: number;
}
interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

export interface Survivor {
  /** file:line:column, as editors open it */
  where: string;
  mutator: string;
  status: 'Survived' | 'NoCoverage';
  original: string;
  replacement: string;
}

export interface FileScore {
  file: string;
  /** killed + timeout over killed + timeout + survived + no coverage, in percent; null when nothing was valid */
  score: number | null;
  counts: Record<string, number>;
  survivors: Survivor[];
}

const oneLine = (text: string, max = 110) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The text a mutant replaced (Stryker's lines and columns are 1-based). */
function originalText(source: string, { start, end }: ReportMutant['location']): string {
  const lines = source.split('\n');
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? '';
  const first = lines[start.line - 1]?.slice(start.column - 1) ?? '';
  const middle = lines.slice(start.line, end.line - 1);
  const last = lines[end.line - 1]?.slice(0, end.column - 1) ?? '';
  return [first, ...middle, last].join('\n');
}

export function readScores(reportFile: string): FileScore[] {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  return Object.entries(report.files).map(([file, { source, mutants }]) => {
    const counts: Record<string, number> = {};
    for (const mutant of mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
    const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
    const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
    const survivors = mutants
      .filter((mutant): mutant is ReportMutant & { status: Survivor['status'] } => mutant.status === 'Survived' || mutant.status === 'NoCoverage')
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
      .map((mutant) => ({
        where: `${file}:${mutant.location.start.line}:${mutant.location.start.column}`,
        mutator: mutant.mutatorName,
        status: mutant.status,
        original: oneLine(originalText(source, mutant.location)),
        replacement: oneLine(mutant.replacement ?? ''),
      }));
    return { file, score: valid === 0 ? null : (100 * detected) / valid, counts, survivors };
  });
}

export const formatScore = (score: number | null) => (score === null ? 'n/a' : `${score.toFixed(1)}%`);

export function formatCounts(counts: Record<string, number>): string {
  const order = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'RuntimeError', 'Ignored'];
  return order
    .filter((status) => counts[status])
    .map((status) => `${counts[status] ?? 0} ${status.toLowerCase()}`)
    .join(', ');
}

export function formatSurvivor({ where, mutator, status, original, replacement }: Survivor): string {
  return `  ${where}  ${mutator}${status === 'NoCoverage' ? ' (no test reaches it)' : ''}\n      - ${original}\n      + ${replacement}`;
}
