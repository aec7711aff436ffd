/** The Content-Type of a library file, from its extension: for uploads to R2 and for the Worker's answers. */
import { extensionOf } from './song-paths';

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

export const contentTypeOf = (path: string): string => CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';
