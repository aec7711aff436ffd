// Issue 38 §3: the settings page hydrated at 1.6–1.9× its first paint, zod's evaluation and the registry's schemas
// among what ran before (docs/performance.md, 28 November). The page now loads them once it is interactive.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The files and packages a module runs before itself: its imports and re-exports that are not types only. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && statement.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

const resolveFile = (from: string, specifier: string) =>
  ['.ts', '.tsx', '/index.ts'].map((ending) => resolve(dirname(from), specifier) + ending).find((candidate) => existsSync(candidate));

/** Everything a module's static imports reach, as files of src/ and names of packages (dynamic import() left out). */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const next = resolveFile(file, specifier);
        if (next) visit(next);
      }
    }
  };
  visit(resolve(entry));
  return { files, packages };
}

describe('the settings page hydrates without the registry’s schemas', () => {
  it('reaches no zod through its static imports: the checks (field-values) load once it is interactive', () => {
    const { files, packages } = staticGraph('src/client/pages/server/page.tsx');
    expect(files.size).toBeGreaterThan(50);
    expect(packages).toContain('react');
    expect([...packages].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect([...files].filter((file) => file.endsWith('field-values.ts'))).toEqual([]);
  });

  it('the checks themselves are built on zod, so this walk would find it', () => {
    expect(staticGraph('src/shared/settings/field-values.ts').packages).toContain('zod');
  });
});

// Issue 38 §3: the overview never draws a module's fields, yet hydrated with their code (38 of the page's 100 kB).
describe('the settings overview hydrates without the module view', () => {
  const sourcePath = (file: string) => relative(process.cwd(), file);
  const lazyTarget = (file: string) => {
    const specifier = /import\('([^']+)'\)/.exec(readFileSync(file, 'utf8'))?.[1];
    const target = specifier === undefined ? undefined : resolveFile(resolve(file), specifier);
    return target === undefined ? undefined : sourcePath(target);
  };
  const moduleView = lazyTarget('src/client/features/settings/lazy-module-view.ts');

  it('reaches neither the module view nor its field controls through its static imports', () => {
    const files = [...staticGraph('src/client/pages/server/page.tsx').files].map(sourcePath);
    expect(files).toContain('src/client/features/settings/lazy-module-view.ts');
    expect(files.filter((file) => /settings[\\/](ModuleView|SettingField|kind-controls)\.tsx$/.test(file))).toEqual([]);
    // The command catalogue is the Disabled Commands picker's, in the module view (5 KiB of gzip with its search).
    expect(files.filter((file) => /shared[\\/]commands\.ts$|disabled-commands-search\.ts$/.test(file))).toEqual([]);
  });

  // The path the route names for the Worker's preload of a module's address (tests/worker/page-assets.test.ts).
  it('the module view the page loads lazily draws the field controls, so this walk would find them', () => {
    expect(moduleView).toBe('src/client/features/settings/ModuleView.tsx');
    const viewFiles = [...staticGraph('src/client/features/settings/ModuleView.tsx').files].map(sourcePath);
    expect(viewFiles).toContain('src/client/features/settings/kind-controls.tsx');
    expect(viewFiles).toContain('src/shared/commands.ts');
  });
});
