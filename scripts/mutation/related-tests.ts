// Which test files to run against a file's mutants, from the static import graph of src/, scripts/, dev/ and tests/.
// Vitest's own `related` follows imports transitively: for a Worker module that reaches every test that calls the
// Worker through tests/worker/helpers/request.ts (30 of 45 files, about a minute a mutant). The Worker tests do not
// import what they test, so the nearest tests are found by name and by import, one importer further at a time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';

const SCANNED = ['src', 'scripts', 'dev', 'tests'];
const SOURCE = /\.(?:tsx?|mts)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?['"]/g;

export const isTestFile = (file: string) => file.startsWith('tests/') && /\.test\.tsx?$/.test(file);

/** The Vitest config that runs a test file: the Worker's (in workerd) or the unit one (Node and happy-dom). */
export function testLayer(testFile: string): 'worker' | 'unit' | null {
  if (testFile.startsWith('tests/worker/')) return 'worker';
  if (/^tests\/(?:client|scripts|fake-discord|conformance)\//.test(testFile)) return 'unit';
  return null; // tests/e2e runs in Playwright, not here
}

/** The tests a source directory's files are named after: src/worker/x/foo.ts → tests/worker/foo*.test.ts. */
function namedTestDirs(file: string): string[] {
  if (file.startsWith('src/worker/')) return ['tests/worker/'];
  if (file.startsWith('src/client/')) return ['tests/client/'];
  if (file.startsWith('scripts/')) return ['tests/scripts/'];
  if (file.startsWith('dev/fake-discord/')) return ['tests/fake-discord/', 'tests/worker/fake-discord'];
  return ['tests/'];
}

function listSources(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listSources(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = normalize(join(dirname(from), specifier));
  const stem = base.replace(/\.[cm]?jsx?$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
}

export interface ImportGraph {
  files: string[];
  /** file → the files that import it */
  importers: Map<string, Set<string>>;
}

export function buildImportGraph(root: string): ImportGraph {
  const files = SCANNED.flatMap((dir) => listSources(join(root, dir)).map((file) => relative(root, file)));
  const known = new Set(files);
  const importers = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = match[1] && resolveImport(file, match[1], known);
      if (!target || target === file) continue;
      let set = importers.get(target);
      if (!set) importers.set(target, (set = new Set()));
      set.add(file);
    }
  }
  return { files, importers };
}

/** Tests that import `file`, directly or through test helpers (files under tests/ that are not tests). */
function importingTests(graph: ImportGraph, file: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (target: string) => {
    for (const importer of graph.importers.get(target) ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (isTestFile(importer)) found.add(importer);
      else if (importer.startsWith('tests/')) walk(importer);
    }
  };
  walk(file);
  return found;
}

/** Tests named after `file`: tests/<layer>/<name>*.test.ts(x). */
function namedTests(graph: ImportGraph, file: string): Set<string> {
  const name = basename(file).replace(SOURCE, '');
  const dirs = namedTestDirs(file);
  return new Set(graph.files.filter((t) => isTestFile(t) && dirs.some((d) => t.startsWith(d)) && basename(t).startsWith(name)));
}

export interface NearestTests {
  tests: string[];
  /** How many importers away the tests were found (0: named after the file or importing it). */
  distance: number;
  via: string[];
}

/**
 * The nearest tests of `file`: those named after it or importing it; else those of the modules that import it, one
 * step further each time (up to `maxDistance`). Importers under dev/ (the fake Discord, test data) and tests/ do not
 * count as steps: a test that uses the fake's data is not a test of the value it copied.
 */
export function nearestTests(graph: ImportGraph, file: string, maxDistance = 3): NearestTests {
  let frontier = [file];
  const seen = new Set(frontier);
  for (let distance = 0; distance <= maxDistance && frontier.length > 0; distance++) {
    const tests = new Set(frontier.flatMap((f) => [...namedTests(graph, f), ...importingTests(graph, f)]));
    if (tests.size > 0) return { tests: [...tests].sort(), distance, via: frontier };
    const next = new Set(frontier.flatMap((f) => [...(graph.importers.get(f) ?? [])]).filter((f) => f.startsWith('src/') || f.startsWith('scripts/')));
    frontier = [...next].filter((f) => !seen.has(f));
    for (const f of frontier) seen.add(f);
  }
  return { tests: [], distance: -1, via: [] };
}

/** Every test that reaches `file` through any chain of imports (what `vitest related` selects). */
export function transitiveTests(graph: ImportGraph, file: string): string[] {
  const found = new Set<string>();
  const seen = new Set([file]);
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const importer of graph.importers.get(next) ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (isTestFile(importer)) found.add(importer);
      else queue.push(importer);
    }
  }
  return [...found].sort();
}
