// Issue 38 §3: the settings page hydrated at 1.6–1.9× its first paint, zod's evaluation and the registry's schemas
// among what ran before (docs/performance.md, 28 November). The page now loads them once it is interactive.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
