// The settings page as the app draws it: its module view loaded before a module's address renders, as the server and
// the hydrating client load it (PageModule.preloadFor), so a test's render draws the fields at once.
import { moduleView } from '../../../src/client/features/settings/lazy-module-view';

export { default } from '../../../src/client/pages/server/page';

await moduleView.preload();
