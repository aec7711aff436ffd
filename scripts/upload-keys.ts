// Which library key each local file of `npm run upload-songs` gets, under the library's one name rule
// (pathProblem in src/shared/songs/paths.ts): names are normalised to NFC (macOS, for one, hands out NFD
// names), and the upload is refused whole if any name is unsafe or two files would share a key.
import { describePathProblem, nfcTwins, pathProblem } from '../src/shared/songs/paths.ts';
import { HIDDEN_CHARACTER_CLASS } from '../src/shared/visible-text.ts';

export interface LocalFile {
  /** Where the file is on disk, as the operator will recognise it. */
  path: string;
  /** Its path under the uploaded folder, with forward slashes. */
  relative: string;
}

export interface PlannedUpload extends LocalFile {
  key: string;
}

export class RefusedUpload extends Error {}

const escaped = (ch: string) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`;

/** The characters the name rule refuses (invisible, reordering) written as \u{…}, so a message shows the name as it really is. */
const HIDDEN = new RegExp(HIDDEN_CHARACTER_CLASS, 'gv');
export const visibleName = (name: string) => name.replace(HIDDEN, escaped);

/** Also combining marks, so two spellings that look the same on screen look different in the message. */
const spelledOut = (name: string) => visibleName(name).replace(/\p{M}/gu, escaped);

export function planUploadKeys(files: readonly LocalFile[], prefix: string): PlannedUpload[] {
  const wanted = files.map((file) => ({ ...file, key: prefix ? `${prefix}/${file.relative}` : file.relative }));
  const [twin] = nfcTwins(wanted.map((file) => file.key));
  if (twin) {
    const [first, second] = twin.map((key) => spelledOut(wanted.find((file) => file.key === key)?.path ?? key));
    throw new RefusedUpload(`Refusing to upload '${first}' and '${second}': two Unicode spellings of one name (the same after NFC). Keep one.`);
  }
  return wanted.map((file) => {
    const key = file.key.normalize('NFC');
    const problem = pathProblem(key);
    if (problem) throw new RefusedUpload(`Refusing to upload '${visibleName(file.path)}': ${describePathProblem('library', problem)}`);
    return { ...file, key };
  });
}
