import { resolve } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// eslint.config.js is plain JS without types: its default export is ESLint's flat config array.
const { default: config } = (await import('../../eslint.config.js')) as { default: Linter.Config[] };

/** The lint config's import boundaries alone, run on a made-up file at a place in the tree. */
const boundaries = config.filter((block) => block.rules?.['no-restricted-imports'] !== undefined);
const linter = new Linter({ configType: 'flat', cwd: process.cwd() });
// A block whose `files` only end in `/**` does not by itself make ESLint lint a .ts file.
const typescriptFiles = { files: ['**/*.ts', '**/*.tsx'], languageOptions: { sourceType: 'module', ecmaVersion: 'latest' } } as const;

function refusedImports(file: string, ...imports: string[]): string[] {
  const source = imports.map((from, i) => `import * as m${String(i)} from '${from}';`).join('\n');
  const messages = linter.verify(source, [typescriptFiles, ...boundaries], resolve(file));
  return messages.map((message) => {
    if (message.ruleId !== 'no-restricted-imports') throw new Error(message.message);
    return imports[message.line - 1] ?? '';
  });
}

describe('imports run downward only (eslint.config.js)', () => {
  it('src/shared imports neither side', () => {
    expect(refusedImports('src/shared/x.ts', './settings', '../worker/errors', '../client/api', 'zod')).toEqual(['../worker/errors', '../client/api']);
  });

  it('the client never imports the Worker; the UI kit knows no feature, page or layout; a feature knows no page', () => {
    expect(refusedImports('src/client/pages/X.tsx', '../../worker/errors', '../features/settings/SettingField', '../ui/Modal')).toEqual([
      '../../worker/errors',
    ]);
    expect(
      refusedImports('src/client/ui/X.tsx', './buttons', '../features/settings/controls', '../pages/Commands', '../layout/Header', '../../shared/commands'),
    ).toEqual(['../features/settings/controls', '../pages/Commands', '../layout/Header']);
    expect(refusedImports('src/client/features/library/X.tsx', '../../ui/Modal', '../../pages/Library', '../../../worker/errors')).toEqual([
      '../../pages/Library',
      '../../../worker/errors',
    ]);
  });

  it('only api-app.ts imports a route; the client’s route table (src/client/routes.ts) is no Worker route', () => {
    expect(refusedImports('src/worker/services/x.ts', '../routes/bot', '../db/settings', '../discord/api')).toEqual(['../routes/bot']);
    expect(refusedImports('src/worker/render/x.ts', '../routes/bot', '../../client/routes', '../services/servers')).toEqual(['../routes/bot']);
    expect(refusedImports('src/worker/api-app.ts', './routes/bot')).toEqual([]);
    expect(refusedImports('src/worker/index.ts', './routes/live')).toEqual([]);
  });

  it('services do not import the SSR layer; auth, discord, songs, crypto and live import no service; db imports only db and shared', () => {
    expect(refusedImports('src/worker/services/x.ts', '../render/loaders')).toEqual(['../render/loaders']);
    for (const room of ['auth', 'discord', 'songs', 'crypto', 'live']) {
      expect(refusedImports(`src/worker/${room}/x.ts`, '../services/servers', '../render/loaders', '../db/sessions', '../errors')).toEqual([
        '../services/servers',
        '../render/loaders',
      ]);
    }
    expect(
      refusedImports('src/worker/db/x.ts', './sessions', '../../shared/settings', '../services/servers', '../discord/api', '../auth/session', '../songs/zip'),
    ).toEqual(['../services/servers', '../discord/api', '../auth/session', '../songs/zip']);
  });
});
