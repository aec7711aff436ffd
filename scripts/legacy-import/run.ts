/** One import: read D1 once, then plan and write each file in turn (a batch per file), collecting the report. */
import type { D1Access } from './d1-access.ts';
import { idsToRead, planFile, type StoredState } from './plan.ts';
import type { LegacyRecord } from './records.ts';
import type { FileReport } from './report.ts';
import { readStatements, stateFromRows, writeStatements } from './sql.ts';

export interface ExportFile {
  name: string;
  records: readonly LegacyRecord[];
}

export interface ImportResult {
  reports: FileReport[];
  /** Why the last reported file was not written; the files after it were not attempted. */
  failure: Error | null;
}

export const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

async function readState(d1: Pick<D1Access, 'query'>, files: readonly ExportFile[]): Promise<StoredState> {
  const statements = readStatements(idsToRead(files.flatMap((file) => file.records)));
  if (statements.length === 0) return { licences: new Map(), settings: new Map() };
  return stateFromRows(statements, await d1.query(statements.map((statement) => statement.sql)));
}

/** Each file against D1 as the files before it left it; stops at the first file that could not be written. */
export async function importFiles(
  d1: Pick<D1Access, 'query' | 'batch'>,
  files: readonly ExportFile[],
  options: { dryRun: boolean; now: number },
): Promise<ImportResult> {
  const reports: FileReport[] = [];
  let state = await readState(d1, files);
  for (const file of files) {
    const plan = planFile(file.records, state, options.now);
    if (plan.writes.length === 0 || options.dryRun) {
      reports.push({ file: file.name, outcomes: plan.outcomes, result: plan.writes.length === 0 ? 'nothing to write' : 'dry run' });
    } else {
      try {
        await d1.batch(writeStatements(plan.writes, options.now));
        reports.push({ file: file.name, outcomes: plan.outcomes, result: 'written' });
      } catch (error) {
        reports.push({ file: file.name, outcomes: plan.outcomes, result: 'not written' });
        return { reports, failure: asError(error) };
      }
    }
    state = plan.state;
  }
  return { reports, failure: null };
}
