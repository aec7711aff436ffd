/** The order a library shows names in, on both sides: natural ('2' before '10'), ignoring case and accents. */
import type { LibraryPageView } from '../library-page-view';
import { firstUse } from '../first-use';
import { baseName } from './paths';

const collator = firstUse(() => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
export const compareNames = (a: string, b: string) => collator().compare(a, b);

const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length);
const byName = (a: { path: string }, b: { path: string }) => compareNames(baseName(a.path), baseName(b.path));

/**
 * A first paint's view in the order its tree shows it: each folder after its parent, siblings by name, and the open
 * folder's files by name. The Worker sorts it when it renders the page, so the browser builds the tree it hydrates
 * without a collator: making the first one loads ICU's collation data, 30–40 ms on a phone-class CPU.
 */
export function inTreeOrder(view: LibraryPageView): LibraryPageView {
  const folders = view.folders.toSorted((a, b) => depthOf(a.path) - depthOf(b.path) || byName(a, b));
  return { ...view, folders, files: view.files.toSorted(byName) };
}
