// Operator command: move the old dashboard's MongoDB data (mongoexport output) into D1.
//   npm run import-legacy -- <file.json>… [--dry-run] [--remote] [--persist-to <dir>]
// Local (default): the local D1 under PERSIST_DIR (what `npm start` uses) or --persist-to, once migrated.
// --remote: the real database (needs `wrangler login`). See docs/legacy-import.md.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { PERSIST_DIR } from './demo-config.ts';
import { localD1, remoteD1 } from './legacy-import/d1-access.ts';
import { recordsOfExport } from './legacy-import/records.ts';
import { formatReport } from './legacy-import/report.ts';
import { asError, importFiles } from './legacy-import/run.ts';

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

const dryRun = values['dry-run'];
const files = positionals.map((path) => ({ path, name: basename(path), records: recordsOfExport(readFileSync(path, 'utf8')) }));

/** The message and its causes: D1's own reason often sits in `cause`. */
const explain = (error: Error): string => [error.message, ...(error.cause instanceof Error ? [explain(error.cause)] : [])].join(': ');

const d1 = values.remote ? remoteD1() : await localD1(values['persist-to']);
const outcome = await importFiles(d1, files, { dryRun, now: Date.now() })
  .catch((error: unknown) => asError(error))
  .finally(() => d1.close());

if (outcome instanceof Error) {
  const reason = explain(outcome);
  const where = values.remote ? '--remote' : `--local --persist-to ${values['persist-to']}`;
  const hint = /no such table/i.test(reason) ? `\nApply the migrations first: npx wrangler d1 migrations apply DB ${where}` : '';
  console.error(`Could not read D1, nothing was written: ${reason}${hint}`);
  process.exit(1);
}

const { reports, failure } = outcome;
console.log(formatReport(reports, dryRun));
if (failure) {
  const skipped = files.slice(reports.length).map((file) => file.path);
  console.error(`\n${reports.at(-1)?.file ?? 'The file'} was not written (nothing of it is in D1): ${explain(failure)}`);
  if (skipped.length > 0) console.error(`Not attempted: ${skipped.join(', ')}. Run the command again once the cause is fixed.`);
  process.exit(1);
}
