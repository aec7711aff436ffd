/** Song library names and path rules, shared by the Worker (validation) and the page (display, URLs). */
import { PLAYABLE_EXTENSIONS } from '../constants';
import { firstUse } from '../first-use';
import { hasVisibleCharacter, hiddenCharacter } from '../visible-text';

export const LIBRARIES = ['kenji', 'glaive'] as const;
export type Library = (typeof LIBRARIES)[number];

export const LIBRARY_TITLES: Record<Library, string> = { kenji: 'Kenji Library', glaive: 'Glaive Library' };

export function isLibrary(value: string): value is Library {
  return (LIBRARIES as readonly string[]).includes(value);
}

/** SPEC section 2: the library is glaive when the path contains 'glaive', otherwise kenji. */
export function libraryFromPathname(pathname: string): Library {
  return pathname.includes('glaive') ? 'glaive' : 'kenji';
}

/** R2 keys are at most 1024 bytes. */
export const MAX_KEY_BYTES = 1024;

export type PathProblem =
  | 'empty'
  | 'too-long'
  | 'absolute'
  | 'backslash'
  | 'control'
  | 'encoded'
  | 'dot-segment'
  | 'empty-segment'
  | 'not-nfc'
  | 'bidi'
  | 'invisible'
  | 'blank'
  | 'compatibility-form';

const PROBLEM_SENTENCES: Record<PathProblem, string> = {
  empty: 'is empty',
  'too-long': `is longer than ${MAX_KEY_BYTES} bytes`,
  absolute: 'must be relative to the library (no leading slash or drive letter)',
  backslash: 'must use forward slashes',
  control: 'contains control characters',
  encoded: 'contains percent-encoded characters (it was encoded twice)',
  'dot-segment': "must not contain '.' or '..' segments",
  'empty-segment': "must not contain empty segments ('//')",
  'not-nfc': 'is not in Unicode NFC form (npm run upload-songs normalises names)',
  bidi: 'contains bidirectional control characters, which can disguise a name',
  invisible: 'contains invisible characters (zero-width, format or filler characters)',
  blank: 'has a folder or file name without a visible character',
  'compatibility-form': "contains a compatibility form (fullwidth, for example) of '.', '/', '\\', ':' or '%' that would make it a different path",
};

// C0, DEL, C1, and the line and paragraph separators.
const control = firstUse(() => /[\p{Cc}\p{Zl}\p{Zp}]/u);
/** Marks, embeddings, overrides and isolates: they reorder what is shown ('evil\u202egpj.mp3' shows as 'evilmp3.jpg'). */
const bidi = firstUse(() => /\p{Bidi_Control}/u);

function structuralProblem(path: string): PathProblem | null {
  if (path === '') return 'empty';
  if (new TextEncoder().encode(path).length > MAX_KEY_BYTES) return 'too-long';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute';
  if (path.includes('\\')) return 'backslash';
  if (control().test(path)) return 'control';
  if (/%[0-9A-Fa-f]{2}/.test(path)) return 'encoded';
  const segments = path.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'dot-segment';
  if (segments.some((s) => s === '')) return 'empty-segment';
  return null;
}

/**
 * Why a library path (already URL-decoded once, as query parameters are) is unsafe, or null if it is fine.
 * The one rule for names: requests, the song list, folder zips and `npm run upload-songs` all apply it.
 * A second layer of percent-encoding is refused so no later decoding step can turn `%2e%2e` into `..`.
 * A name must be its own NFC form, so that one string is what the list shows, a URL carries and a zip
 * holds, and two spellings of 'café.mp3' cannot sit side by side; and it must stay safe under NFKC,
 * which some file systems and unzip tools apply ('．．／' would become '../').
 */
export function pathProblem(path: string): PathProblem | null {
  const structural = structuralProblem(path);
  if (structural) return structural;
  if (path.normalize('NFC') !== path) return 'not-nfc';
  if (bidi().test(path)) return 'bidi';
  // The one rule of visible text (visible-text.ts): a joiner or a selector is kept only inside an emoji.
  if (hiddenCharacter(path) !== null) return 'invisible';
  if (!path.split('/').every(hasVisibleCharacter)) return 'blank';
  const compatible = path.normalize('NFKC');
  if (compatible === path) return null;
  const problem = structuralProblem(compatible);
  const moreSegments = compatible.split('/').length !== path.split('/').length;
  return moreSegments || (problem && problem !== 'too-long') ? 'compatibility-form' : null;
}

/** Pairs of different paths that are the same after NFC (each pair once, in the order given). */
export function nfcTwins(paths: readonly string[]): [string, string][] {
  const first = new Map<string, string>();
  const twins: [string, string][] = [];
  for (const path of paths) {
    const normal = path.normalize('NFC');
    const seen = first.get(normal);
    if (seen === undefined) first.set(normal, path);
    else if (seen !== path) twins.push([seen, path]);
  }
  return twins;
}

export function describePathProblem(field: string, problem: PathProblem): string {
  return `The ${field} path ${PROBLEM_SENTENCES[problem]}.`;
}

/** 'Artist/Album/01 Track.wav' → '01 Track.wav' */
export function baseName(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** 'Artist/Album/01 Track.wav' → 'Artist/Album'; top-level files → '' */
export function parentFolder(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Lower-case extension without the dot, or '' */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isPlayable(path: string): boolean {
  return (PLAYABLE_EXTENSIONS as readonly string[]).includes(extensionOf(path));
}

/** A file name without its extension, for display as a track title. */
export function trackTitle(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/** The zip's file name: the folder's own name, or the library's for the whole library. */
export function folderZipName(library: Library, folder: string): string {
  return `${folder === '' ? library : baseName(folder)}.zip`;
}

export const PLAYABLE_EXTENSIONS_TEXT = PLAYABLE_EXTENSIONS.join(', ');
