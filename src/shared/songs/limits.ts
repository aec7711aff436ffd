/** Limits of the song API, shared so the page can explain them. */

/** A folder zip holds at most this many files… */
export const MAX_ZIP_FILES = 2000;
/**
 * …and at most this many bytes. Memory stays flat (bodies stream) and members with a CRC in the index cost
 * no checksum work; the limit keeps the first zip of members nobody checksummed yet (CRC-32 computed
 * natively while streaming, scripts/bench/songs-zip.ts) and one request's R2 reads bounded.
 */
export const MAX_ZIP_BYTES = 1024 ** 3;
/** The PLAY_LIMITER period in wrangler.toml; a 429 asks the client to wait this long. */
export const PLAY_LIMIT_PERIOD_SECONDS = 60;
/**
 * One counted play's ticket lets the audio element move this many times the song (the counted request's
 * bytes included): its first range and its seeks, each seek paying the rest of the file it asks for. Past
 * that, each request of the play counts as a play again, so no request moves audio uncounted.
 */
export const PLAY_TICKET_FILES = 3;
/**
 * …and answers at most this many requests, the counted one included: each is an R2 read and a D1 write
 * whatever it moves, so bytes alone cannot bound them (3,000 one-byte ranges fit in a 1 KB song's budget).
 * Chromium asks once for the start and once per seek to a spot it has not buffered; playing on and pausing
 * ask nothing more (measured on an hour-long MP3 and a five-minute WAV), and the player seeks once per drag
 * of its bar. A seek pays the rest of the file, so the bytes run out first: 15 seeks at random in the hour
 * spent them in 19 requests. 32 leaves room for a listener hopping about near the end, where seeks cost little.
 */
export const PLAY_TICKET_REQUESTS = 32;
/** A ticket holds this long; a seek in a song paused for longer counts as a new play. */
export const PLAY_TICKET_LIFETIME_SECONDS = 3600;
/** The DOWNLOAD_LIMITER period in wrangler.toml; a 429 asks the client to wait this long. */
export const DOWNLOAD_LIMIT_PERIOD_SECONDS = 60;
/**
 * The cached song list lives this long in KV at most: the upload tool and the cron's reconcile (every 15
 * minutes) refresh it when the library changes, so expiry only catches what they cannot see. The ETag lets
 * browsers revalidate cheaply.
 */
export const SONG_LIST_CACHE_SECONDS = 3600;

/** The KV key of a library's cached listing; bump the version when the cached shape changes. */
export const songListCacheKey = (library: string, withSizes = false) => `songs:v3:${library}${withSizes ? ':sizes' : ''}`;
/** The KV key naming the version of a library's listing that its cached pages were rendered from (render/library-page.tsx). */
export const libraryPageVersionKey = (library: string) => `songs:v3:${library}:page-version`;
/** Both cached listings of a library (paths only, and `?sizes=1`'s) and its pages' version: what a change to the library must clear. */
export const songListCacheKeys = (library: string) => [songListCacheKey(library), songListCacheKey(library, true), libraryPageVersionKey(library)];
/** The listing's lengths are tenths of a second, rounded down, as a player's clock shows them. */
export const listedDuration = (seconds: number | null | undefined): number | null =>
  seconds === null || seconds === undefined ? null : Math.floor(seconds * 10) / 10;
