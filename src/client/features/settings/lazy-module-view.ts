import { lazyComponent } from '../../lazy-component';
import type { ModuleViewProps } from './ModuleView';

/**
 * The module view and its field controls, a chunk of their own: only a module's address draws them, never the
 * overview. The page loads it before it renders such an address (PageModule.preloadFor), and the Worker preloads
 * its chunk with the page's (the route's `modules`).
 */
export const moduleView = lazyComponent<ModuleViewProps>(() => import('./ModuleView').then(({ ModuleView }) => ({ default: ModuleView })));

const preloadModuleView = (): void => {
  // A fetch that fails is forgotten: the move to the module loads it again, and says what failed.
  moduleView.preload().catch(() => undefined);
};

/** On a module's link: intent towards it (a pointer over it, a finger on it, the focus) fetches the view before the click. */
export const moduleViewIntent = { onPointerEnter: preloadModuleView, onFocus: preloadModuleView } as const;
