// npm run deploy: refuses while `npm run setup -- --check` would fail, builds for the production origin, deploys with
// production.vars.json's vars and applies the D1 migrations. D1, KV and R2 have no id in wrangler.toml: the first deploy
// creates them (wrangler's automatic provisioning), later ones find them by name. Once the database exists, the
// migrations run before the new code does, so a new version never meets an old schema.
// --dry-run: build and bundle as a deploy would, upload nothing (npm test runs it, so a bundle or config error never
// reaches an operator); it needs no account.
import { parseArgs } from 'node:util';
import { d1DatabaseExists, secretNames } from './cloudflare-account.ts';
import { varFlags } from './demo-config.ts';
import { run, WRANGLER_BIN, WRANGLER_ENV } from './process-tools.ts';
import { deployGaps, PRODUCTION_VARS_FILE, readProductionVars } from './production-config.ts';

/** wrangler.toml's D1 binding: wrangler finds its database by the name written beside it. */
const DATABASE = 'DB';

const { values: flags } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
const dryRun = flags['dry-run'];
const vars = readProductionVars();

const gaps = deployGaps(vars, dryRun ? null : await secretNames());
// A dry run without setup bundles with wrangler.toml's vars; with a production.vars.json its values must hold.
if (gaps.length > 0 && !(dryRun && Object.keys(vars).length === 0)) {
  console.error(`Not deploying (run npm run setup):\n${gaps.map((gap) => `- ${gap}`).join('\n')}`);
  process.exit(1);
}

const wrangler = (args: string[]) => run(process.execPath, [WRANGLER_BIN, ...args]);
const migrate = () => wrangler(['d1', 'migrations', 'apply', DATABASE, '--remote']);
const deploy = () => wrangler(['deploy', ...varFlags(vars), ...(dryRun ? ['--dry-run'] : [])]);

// The prerendered pages carry the origin in their links and CSP, so the build must know it.
await run('npx', ['vite', 'build', '--logLevel', 'warn'], { env: { ...WRANGLER_ENV, ...(vars.APP_ORIGIN ? { APP_ORIGIN: vars.APP_ORIGIN } : {}) } });
if (dryRun) {
  await deploy();
} else if (await d1DatabaseExists(DATABASE)) {
  await migrate();
  await deploy();
} else {
  await deploy();
  await migrate();
}
if (!dryRun) console.log(`\nDeployed ${vars.APP_ORIGIN} with the settings of ${PRODUCTION_VARS_FILE}.`);
