import { describe, expect, it } from 'vitest';
import { pageModuleIn } from '../../src/worker/render/assets';

const SOURCE = 'src/client/pages/server/page.tsx';

describe('the URL the data island gives for the page the browser hydrates', () => {
  it('is the built chunk the client manifest names for the page module', () => {
    expect(pageModuleIn({ [SOURCE]: { file: 'assets/page-Ab12Cd34.js' } }, SOURCE)).toBe('/assets/page-Ab12Cd34.js');
  });

  it('without a build (npm run dev: no manifest), is the module itself, which Vite serves', () => {
    expect(pageModuleIn(null, SOURCE)).toBe('/src/client/pages/server/page.tsx');
  });

  it('refuses a page module the build does not have, rather than send the browser to a file that is not there', () => {
    expect(() => pageModuleIn({ 'src/client/main.tsx': { file: 'assets/main-1.js' } }, SOURCE)).toThrow(
      'Client manifest has no src/client/pages/server/page.tsx',
    );
  });
});
