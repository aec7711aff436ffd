/** The song calls' routes and addresses. */
import { apiRouteHref } from '../api-keys';
import type { Library } from './paths';

/**
 * The song calls (SPEC section 2): the library's name sits inside the path's one segment, between these
 * (`/api/get-kenji-songs`). The Worker registers its routes from this table and the page builds its addresses from
 * those routes, so a call is spelt once.
 */
const SONG_CALLS = {
  list: ['get-', '-songs'],
  download: ['download-', '-song'],
  stream: ['stream-', '-song'],
  folder: ['download-', '-folder'],
} as const;
export type SongCall = keyof typeof SONG_CALLS;
type Prefix<C extends SongCall> = (typeof SONG_CALLS)[C][0];
type Suffix<C extends SongCall> = (typeof SONG_CALLS)[C][1];

/** A song call's route, as the Worker registers it: any name in the segment, so an unknown library gets its own 404. */
export const songRoute = <C extends SongCall>(call: C) => {
  const [prefix, suffix] = SONG_CALLS[call];
  return `/:segment{${prefix}.+${suffix}}` as `/:segment{${Prefix<C>}.+${Suffix<C>}}`;
};

/** The library named in a call's segment, not yet checked to be one. */
export const libraryNamedIn = (call: SongCall, segment: string): string => {
  const [prefix, suffix] = SONG_CALLS[call];
  return segment.slice(prefix.length, segment.length - suffix.length);
};

const segment = (call: SongCall, library: Library) => ({ segment: `${SONG_CALLS[call][0]}${library}${SONG_CALLS[call][1]}` });

/** The header that carries a play's ticket on its first answer; its next requests send it back as `ticket`. */
export const PLAY_TICKET_HEADER = 'X-Play-Ticket';
/** A ticket: its id and a SHA-256 HMAC (48 bytes) in base64url (songs/play-ticket.ts). */
export const PLAY_TICKET_PATTERN = /^[A-Za-z0-9_-]{64}$/;

/** `sizes`: with each file's bytes (song-listing.ts). */
export const songListUrl = (library: Library, sizes?: '1') => apiRouteHref(songRoute('list'), segment('list', library), { sizes });
export const songDownloadUrl = (library: Library, song: string) => apiRouteHref(songRoute('download'), segment('download', library), { song });
/** `ticket`: the play's, once its first answer gave one (PLAY_TICKET_HEADER). */
export const songStreamUrl = (library: Library, song: string, ticket?: string) =>
  apiRouteHref(songRoute('stream'), segment('stream', library), { song, ticket });
export const folderDownloadUrl = (library: Library, folder: string) => apiRouteHref(songRoute('folder'), segment('folder', library), { folder });
