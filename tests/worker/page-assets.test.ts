import { describe, expect, it } from 'vitest';
import { serverRoute } from '../../src/client/pages/server/route';
import { assetsIn } from '../../src/worker/render/assets';

// A client build's manifest as Vite writes it: the settings page imports the shell and a shared chunk, and loads its
// module view (which imports a chunk of its own and the page) on demand.
const MANIFEST = {
  'src/client/main.tsx': { file: 'assets/main-1.js', isEntry: true, imports: ['_shell-1.js'], css: ['assets/main-1.css'] },
  '_shell-1.js': { file: 'assets/shell-1.js' },
  '_values-1.js': { file: 'assets/values-1.js' },
  '_controls-1.js': { file: 'assets/controls-1.js' },
  'src/client/features/account/AccountMenu.tsx': { file: 'assets/AccountMenu-1.js', isDynamicEntry: true, imports: ['_shell-1.js'] },
  'src/client/pages/server/page.tsx': {
    file: 'assets/page-1.js',
    isDynamicEntry: true,
    imports: ['_shell-1.js', '_values-1.js'],
    css: ['assets/page-1.css'],
  },
  'src/client/features/settings/ModuleView.tsx': {
    file: 'assets/ModuleView-1.js',
    isDynamicEntry: true,
    imports: ['_controls-1.js', 'src/client/pages/server/page.tsx', '_values-1.js'],
  },
};

const PAGE = 'src/client/pages/server/page.tsx';
const serverId = '300000000000000001';
const assetsAt = (params: Record<string, string>) => assetsIn(MANIFEST, PAGE, { signedIn: true, modules: serverRoute.modules(params) });

describe("a settings page's module preloads", () => {
  it("a module's address names the module view (the file the page loads lazily: tests/scripts/settings-page-imports.test.ts); the overview names none", () => {
    expect(serverRoute.modules({ serverId, module: 'welcome-message' })).toEqual(['src/client/features/settings/ModuleView.tsx']);
    expect(serverRoute.modules({ serverId })).toEqual([]);
  });

  it("a module's address preloads the module view's chunk and what it imports, after the page's own", () => {
    expect(assetsAt({ serverId, module: 'welcome-message' }).modulePreloads).toEqual([
      '/assets/main-1.js',
      '/assets/shell-1.js',
      '/assets/page-1.js',
      '/assets/values-1.js',
      '/assets/ModuleView-1.js',
      '/assets/controls-1.js',
      '/assets/AccountMenu-1.js',
    ]);
  });

  it("the overview's preloads neither the module view nor its controls", () => {
    const { modulePreloads, scripts, styles } = assetsAt({ serverId });
    expect(modulePreloads).toEqual(['/assets/main-1.js', '/assets/shell-1.js', '/assets/page-1.js', '/assets/values-1.js', '/assets/AccountMenu-1.js']);
    expect(scripts).toEqual(['/assets/main-1.js']);
    expect(styles).toEqual(['/assets/main-1.css', '/assets/page-1.css']);
  });

  it('refuses a module the build does not have, rather than leave it to a waterfall', () => {
    expect(() => assetsIn(MANIFEST, PAGE, { signedIn: false, modules: ['src/client/features/settings/Gone.tsx'] })).toThrow(
      'Client manifest has no src/client/features/settings/Gone.tsx',
    );
  });
});
