import { resolve } from 'node:path';
import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const linter = new Linter({ configType: 'flat', cwd: process.cwd() });

/**
 * The imports of a made-up file at a place in the tree that the lint config refuses: the `no-restricted-imports`
 * options ESLint computes for that place (so the order of the config's blocks counts), run on the imports alone.
 */
async function refusedImports(file: string, ...imports: string[]): Promise<string[]> {
  const computed = (await eslint.calculateConfigForFile(file)) as Linter.Config;
  const rule = computed.rules?.['no-restricted-imports'];
  if (rule === undefined) return [];
  const source = imports.map((from, i) => `import * as m${String(i)} from '${from}';`).join('\n');
  const config: Linter.Config = {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { sourceType: 'module', ecmaVersion: 'latest' },
    rules: { 'no-restricted-imports': rule },
  };
  return linter.verify(source, config, resolve(file)).map((message) => {
    if (message.ruleId !== 'no-restricted-imports') throw new Error(message.message);
    return imports[message.line - 1] ?? '';
  });
}

// The first test computes ESLint's config (loading its plugins): seconds on a busy machine.
describe('imports run downward only (eslint.config.js)', { timeout: 30_000 }, () => {
  it('src/shared imports neither side', async () => {
    expect(await refusedImports('src/shared/x.ts', './settings', '../worker/errors', '../client/api', 'zod')).toEqual(['../worker/errors', '../client/api']);
  });

  it('the client never imports the Worker; the UI kit knows no feature, page or layout; a feature knows no page', async () => {
    expect(await refusedImports('src/client/pages/X.tsx', '../../worker/errors', '../features/settings/SettingField', '../ui/Modal')).toEqual([
      '../../worker/errors',
    ]);
    expect(
      await refusedImports(
        'src/client/ui/X.tsx',
        './buttons',
        '../features/settings/controls',
        '../pages/Commands',
        '../layout/Header',
        '../../shared/commands',
      ),
    ).toEqual(['../features/settings/controls', '../pages/Commands', '../layout/Header']);
    expect(await refusedImports('src/client/features/library/X.tsx', '../../ui/Modal', '../../pages/Library', '../../../worker/errors')).toEqual([
      '../../pages/Library',
      '../../../worker/errors',
    ]);
  });

  it('a feature imports no other feature, from its own folder or one deeper; what two share lives in session/, hooks/, ui/ or shared', async () => {
    expect(
      await refusedImports(
        'src/client/features/settings/X.tsx',
        './controls',
        '../account/useAuth',
        '../whitelist',
        '../whitelist/LicenceBanner',
        '../../features/whitelist/useWhitelist',
        '../../session/useAuth',
        '../../hooks/useApi',
        '../../ui/Field',
        '../../../shared/constants',
      ),
    ).toEqual(['../account/useAuth', '../whitelist', '../whitelist/LicenceBanner', '../../features/whitelist/useWhitelist']);
    expect(await refusedImports('src/client/features/settings/emoji/X.tsx', '../controls', './EmojiGrid', '../../whitelist/useWhitelist')).toEqual([
      '../../whitelist/useWhitelist',
    ]);
    expect(await refusedImports('src/client/features/servers/X.tsx', '../settings/LicenceBanner', '../../layout/WaysOn', '../../ui/LicencePill')).toEqual([
      '../settings/LicenceBanner',
      '../../layout/WaysOn',
    ]);
  });

  it('the session and the hooks know no feature; the layout and the pages compose features', async () => {
    expect(await refusedImports('src/client/session/X.ts', '../features/account/AccountMenu', '../layout/Header', '../hooks/useApi')).toEqual([
      '../features/account/AccountMenu',
      '../layout/Header',
    ]);
    expect(await refusedImports('src/client/hooks/X.ts', '../features/settings/controls', './useApi')).toEqual(['../features/settings/controls']);
    expect(await refusedImports('src/client/layout/X.tsx', '../features/account/AccountMenu', '../session/useAuth')).toEqual([]);
    expect(await refusedImports('src/client/pages/X.tsx', '../features/whitelist/LicenceBanner', '../features/settings/SettingField')).toEqual([]);
  });

  it('only api-app.ts imports a route; the client’s route table (src/client/routes.ts) is no Worker route', async () => {
    expect(await refusedImports('src/worker/services/x.ts', '../routes/bot', '../db/settings', '../discord/api')).toEqual(['../routes/bot']);
    expect(await refusedImports('src/worker/render/x.ts', '../routes/bot', '../../client/routes', '../services/servers')).toEqual(['../routes/bot']);
    expect(await refusedImports('src/worker/api-app.ts', './routes/bot')).toEqual([]);
    expect(await refusedImports('src/worker/index.ts', './routes/live')).toEqual([]);
  });

  it('render → page loaders → services: none imports the one above it; auth, discord, songs, crypto and live import no service; db imports only db and shared', async () => {
    expect(await refusedImports('src/worker/render/x.ts', '../pages/server', '../services/servers')).toEqual([]);
    expect(await refusedImports('src/worker/pages/x.ts', '../render/loaders', '../services/servers', './page-loader')).toEqual(['../render/loaders']);
    expect(await refusedImports('src/worker/services/x.ts', '../render/loaders', '../pages/server', '../db/settings')).toEqual([
      '../render/loaders',
      '../pages/server',
    ]);
    for (const room of ['auth', 'discord', 'songs', 'crypto', 'live']) {
      expect(
        await refusedImports(`src/worker/${room}/x.ts`, '../services/servers', '../render/loaders', '../pages/server', '../db/sessions', '../errors'),
      ).toEqual(['../services/servers', '../render/loaders', '../pages/server']);
    }
    expect(
      await refusedImports(
        'src/worker/db/x.ts',
        './sessions',
        '../../shared/settings',
        '../services/servers',
        '../discord/api',
        '../auth/session',
        '../songs/zip',
      ),
    ).toEqual(['../services/servers', '../discord/api', '../auth/session', '../songs/zip']);
  });
});
