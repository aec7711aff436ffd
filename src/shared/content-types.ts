/**
 * The Content-Type of every file the site serves, from the name alone: for uploads to R2 and for the
 * Worker's answers. Whatever metadata an object carries in R2 is never trusted, so a file uploaded as
 * text/html or text/javascript cannot run on our origin.
 */
import { PLAYABLE_EXTENSIONS } from './constants';
import { extensionOf } from './songs/paths';

type PlayableExtension = (typeof PLAYABLE_EXTENSIONS)[number];

const AUDIO_TYPES: Record<PlayableExtension, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Notes that travel with albums; shown as plain text, never rendered. */
const TEXT_EXTENSIONS: readonly string[] = ['txt', 'md', 'nfo', 'log', 'cue', 'lrc'];

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const BINARY_CONTENT_TYPE = 'application/octet-stream';
export const ZIP_CONTENT_TYPE = 'application/zip';

const isPlayableExtension = (extension: string): extension is PlayableExtension => (PLAYABLE_EXTENSIONS as readonly string[]).includes(extension);

export function contentTypeOf(path: string): string {
  const extension = extensionOf(path);
  if (isPlayableExtension(extension)) return AUDIO_TYPES[extension];
  if (TEXT_EXTENSIONS.includes(extension)) return TEXT_CONTENT_TYPE;
  return BINARY_CONTENT_TYPE;
}
