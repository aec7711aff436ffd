/**
 * Library search with an index built once per song list. Every whitespace-separated word of the query
 * must occur (case-insensitively) in a file's path, or in a folder's own name.
 *
 * Per keystroke the work is bounded by what is already known: a query that only adds to the previous
 * one (a longer word, another word) checks the new word against the previous hits alone, a query seen
 * recently (backspace) is answered from a small cache, and a fresh query sweeps one lower-cased string of
 * all paths with the engine's native `indexOf` instead of testing 100,000 strings one by one.
 */
import { compareNames } from '../../../shared/songs/order';
import { baseName } from '../../../shared/songs/paths';

interface Column {
  /** The items, in the order results are shown. */
  items: readonly string[];
  /** What a word is matched against, lower-cased, one entry per item. */
  lower: readonly string[];
  /** `lower` joined by '\n' (a separator no query word contains, so no match spans two items). */
  haystack: string;
  /** Where each item starts in `haystack`, plus the end: item i is haystack[starts[i], starts[i+1]-1). */
  starts: Int32Array;
}

export interface SongSearchIndex {
  files: Column;
  folders: Column;
}

/** A list of paths read by position: 100,000 hits are not copied into an array on every keystroke. */
export interface PathList {
  readonly length: number;
  at: (i: number) => string | undefined;
  toArray: () => string[];
}

export interface SongSearchResult {
  /** Folders whose own name holds every word, in the order of the index's folders. */
  folders: PathList;
  /** Files whose path holds every word, in the order of the list. */
  files: PathList;
}

function pathList(items: readonly string[], hits: Int32Array): PathList {
  return {
    length: hits.length,
    at: (i) => (i >= 0 && i < hits.length ? items[hits[i] as number] : undefined),
    toArray: () => {
      const out = new Array<string>(hits.length);
      for (let i = 0; i < hits.length; i++) out[i] = items[hits[i] as number] as string;
      return out;
    },
  };
}

const NONE = new Int32Array(0);
export const EMPTY_SEARCH_RESULT: SongSearchResult = { folders: pathList([], NONE), files: pathList([], NONE) };

function column(items: readonly string[], lower: string[]): Column {
  const starts = new Int32Array(items.length + 1);
  let offset = 0;
  for (let i = 0; i < lower.length; i++) {
    // A newline inside a name would look like a separator: it cannot be typed into the search box anyway.
    const text = (lower[i] as string).replaceAll('\n', ' ');
    lower[i] = text;
    starts[i] = offset;
    offset += text.length + 1;
  }
  starts[items.length] = offset;
  return { items, lower, haystack: lower.join('\n'), starts };
}

/**
 * Built from the list's paths (folder markers ending in '/' are skipped): files in list order, folders
 * sorted by name. About 40 ms for 100,000 paths: build it once per list (at idle time), never per keystroke.
 */
export function buildSongSearchIndex(paths: readonly string[]): SongSearchIndex {
  const files = paths.filter((p) => p !== '' && !p.endsWith('/'));
  const folderSet = new Set<string>();
  for (const p of files) {
    let i = p.indexOf('/');
    while (i >= 0) {
      folderSet.add(p.slice(0, i));
      i = p.indexOf('/', i + 1);
    }
  }
  const folders = [...folderSet].sort(compareNames);
  return {
    files: column(
      files,
      files.map((p) => p.toLowerCase()),
    ),
    folders: column(
      folders,
      folders.map((p) => baseName(p).toLowerCase()),
    ),
  };
}

/** 'Neon  streets ' → ['neon', 'streets'] */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Every item holding all `words`, swept with indexOf on the longest word and checked with the rest. */
function sweep(col: Column, words: readonly string[]): Int32Array {
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const others = words.filter((w) => w !== longest);
  const { haystack, starts, lower } = col;
  const hits = new Int32Array(lower.length);
  let n = 0;
  let item = 0;
  let at = haystack.indexOf(longest);
  while (at >= 0) {
    while ((starts[item + 1] as number) <= at) item++;
    if (others.length === 0 || holdsAll(lower[item] as string, others)) hits[n++] = item;
    at = haystack.indexOf(longest, starts[item + 1]);
  }
  return hits.slice(0, n);
}

function holdsAll(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

/** The candidates that also hold `words`. */
function narrow(col: Column, candidates: Int32Array, words: readonly string[]): Int32Array {
  if (words.length === 0) return candidates;
  const lower = col.lower;
  // Typing a word every candidate already holds keeps the same hits: allocate only at the first miss.
  let out: Int32Array | undefined;
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    const item = candidates[i] as number;
    if (holdsAll(lower[item] as string, words)) {
      if (out) out[n] = item;
      n++;
    } else if (!out) {
      out = new Int32Array(candidates.length);
      out.set(candidates.subarray(0, i));
    }
  }
  return out ? out.slice(0, n) : candidates;
}

/**
 * The words of `next` that `previous` did not already guarantee, when every hit of `next` must be a hit
 * of `previous` (each earlier word is still there, maybe longer); null otherwise.
 */
export function refinement(previous: readonly string[], next: readonly string[]): string[] | null {
  if (previous.length === 0 || next.length < previous.length) return null;
  const added: string[] = [];
  for (let i = 0; i < next.length; i++) {
    const word = next[i] as string;
    const before = previous[i];
    if (before === undefined) added.push(word);
    else if (!word.includes(before)) return null;
    else if (word !== before) added.push(word);
  }
  return added;
}

interface Hits {
  words: string[];
  files: Int32Array;
  folders: Int32Array;
}

const CACHE_SIZE = 24;

export interface SongSearch {
  search: (query: string) => SongSearchResult;
  /** How many items the last search tested or swept (for tests and the bench: the work done). */
  lastWork: () => number;
}

/** A search over one index that remembers recent answers (one per song list, like the index). */
export function createSongSearch(index: SongSearchIndex): SongSearch {
  const recent = new Map<string, Hits>();
  let work = 0;

  const find = (words: string[]): Hits => {
    const key = words.join(' ');
    const cached = recent.get(key);
    if (cached) {
      work = 0;
      recent.delete(key);
      recent.set(key, cached);
      return cached;
    }
    // The smallest earlier answer this query refines, if any.
    let base: Hits | undefined;
    let added: string[] | null = null;
    for (const hits of recent.values()) {
      const extra = refinement(hits.words, words);
      if (extra && (!base || hits.files.length + hits.folders.length < base.files.length + base.folders.length)) {
        base = hits;
        added = extra;
      }
    }
    let result: Hits;
    if (base && added) {
      work = base.files.length + base.folders.length;
      result = { words, files: narrow(index.files, base.files, added), folders: narrow(index.folders, base.folders, added) };
    } else {
      work = index.files.items.length + index.folders.items.length;
      result = { words, files: sweep(index.files, words), folders: sweep(index.folders, words) };
    }
    recent.set(key, result);
    if (recent.size > CACHE_SIZE) recent.delete(recent.keys().next().value as string);
    return result;
  };

  return {
    search(query) {
      const words = queryWords(query);
      if (words.length === 0) return EMPTY_SEARCH_RESULT;
      const hits = find(words);
      return { folders: pathList(index.folders.items, hits.folders), files: pathList(index.files.items, hits.files) };
    },
    lastWork: () => work,
  };
}
