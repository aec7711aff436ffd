// Operator command: move the old dashboard's MongoDB data (mongoexport output) into D1.
//   npm run import-legacy -- <file.json>… [--dry-run] [--remote] [--persist-to <dir>]
// Local (default): the local D1 under PERSIST_DIR (what `npm start` uses) or --persist-to.
// --remote: the real database (needs `wrangler login`). See README 'Moving from the old dashboard'.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { PERSIST_DIR } from './demo-config.ts';
import { idsToRead, planFile, type StoredState } from './legacy-import/plan.ts';
import { recordsOfExport } from './legacy-import/records.ts';
import { formatReport, type FileReport } from './legacy-import/report.ts';
import { readStatements, sqlFile, stateFromRows, writeStatements } from './legacy-import/sql.ts';
import { executeBatch, queryD1, type D1Target } from './legacy-import/wrangler-d1.ts';

const USAGE = 'Usage: npm run import-legacy -- <file.json>… [--dry-run] [--remote] [--persist-to <dir>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    'persist-to': { type: 'string', default: PERSIST_DIR },
  },
});
if (positionals.length === 0) {
  console.error(USAGE);
  process.exit(2);
}

const target: D1Target = values.remote ? { remote: true } : { remote: false, persistTo: values['persist-to'] };
const dryRun = values['dry-run'];
const files = positionals.map((path) => ({ path, records: recordsOfExport(readFileSync(path, 'utf8')) }));

async function readState(): Promise<StoredState> {
  const statements = readStatements(idsToRead(files.flatMap((file) => file.records)));
  if (statements.length === 0) return { licences: new Map(), settings: new Map() };
  return stateFromRows(
    statements,
    await queryD1(
      target,
      statements.map((statement) => statement.sql),
    ),
  );
}

const now = Date.now();
const reports: FileReport[] = [];
let state = await readState();
let failure: Error | null = null;
for (const file of files) {
  const plan = planFile(file.records, state, now);
  const name = basename(file.path);
  if (plan.writes.length === 0 || dryRun) {
    reports.push({ file: name, outcomes: plan.outcomes, result: plan.writes.length === 0 ? 'nothing to write' : 'dry run' });
  } else {
    try {
      await executeBatch(target, sqlFile(writeStatements(plan.writes, now)));
      reports.push({ file: name, outcomes: plan.outcomes, result: 'written' });
    } catch (error) {
      reports.push({ file: name, outcomes: plan.outcomes, result: 'not written' });
      failure = error instanceof Error ? error : new Error(String(error));
      break;
    }
  }
  state = plan.state;
}

console.log(formatReport(reports, dryRun));
if (failure !== null) {
  const skipped = files.slice(reports.length).map((file) => file.path);
  console.error(`\n${failure.message}`);
  if (skipped.length > 0) console.error(`Not attempted: ${skipped.join(', ')}. Run the command again once the cause is fixed.`);
  process.exit(1);
}
