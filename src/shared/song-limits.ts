/** Limits of the song API, shared so the page can explain them. */

/** A folder zip holds at most this many files… */
export const MAX_ZIP_FILES = 2000;
/** …and at most this many bytes of song data (the Worker streams, so this bounds time, not memory). */
export const MAX_ZIP_BYTES = 4 * 1024 ** 3;
/** The PLAY_LIMITER period in wrangler.toml; a 429 asks the client to wait this long. */
export const PLAY_LIMIT_PERIOD_SECONDS = 60;
/** The cached song list lives this long in KV (KV's minimum TTL); the ETag lets browsers revalidate cheaply. */
export const SONG_LIST_CACHE_SECONDS = 60;

/** The KV key of a library's cached listing; bump the version when the cached shape changes. */
export const songListCacheKey = (library: string) => `songs:v1:${library}`;
