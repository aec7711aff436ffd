import { Hono, type Context } from 'hono';
import { folderZipName, isPlayable, PLAYABLE_EXTENSIONS_TEXT } from '../../shared/song-paths';
import { folderQuerySchema, songQuerySchema } from '../../shared/song-queries';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';
import { libraryBucket } from '../songs/library';
import { spendDownload } from '../songs/client-limits';
import { objectResponse, planObjectRead } from '../songs/object-response';
import { songListing, songListResponse } from '../songs/song-list';
import { streamSong } from '../songs/stream';
import { folderZip } from '../songs/zip';
import { validQuery } from '../validation';

/** '/get-kenji-songs' style segments: the library name sits inside the path segment. */
const libraryIn = (c: Context<AppEnv>, prefix: string, suffix: string) => {
  const segment = c.req.param('segment') ?? '';
  return libraryBucket(c.env, segment.slice(prefix.length, segment.length - suffix.length));
};

export const songsRoutes = new Hono<AppEnv>()
  .get('/:segment{get-.+-songs}', async (c) => {
    const { library, bucket } = libraryIn(c, 'get-', '-songs');
    return songListResponse(c.req.raw, await songListing(c.env, library, bucket, c.req.query('sizes') === '1'));
  })
  .get('/:segment{download-.+-song}', validQuery(songQuerySchema), async (c) => {
    const { bucket } = libraryIn(c, 'download-', '-song');
    const { song } = c.req.valid('query');
    await spendDownload(c.env, c.req.raw);
    return objectResponse(await planObjectRead(c.req.raw, bucket, song), 'attachment');
  })
  .get('/:segment{stream-.+-song}', validQuery(songQuerySchema), async (c) => {
    const { library, bucket } = libraryIn(c, 'stream-', '-song');
    const { song } = c.req.valid('query');
    if (!isPlayable(song)) {
      throw new ApiError(415, 'NOT_PLAYABLE', `Only audio files can be played (${PLAYABLE_EXTENSIONS_TEXT}).`);
    }
    return streamSong(c.env, c.req.raw, { library, bucket, song, ticket: c.req.query('ticket') });
  })
  .get('/:segment{download-.+-folder}', validQuery(folderQuerySchema), async (c) => {
    const { library, bucket } = libraryIn(c, 'download-', '-folder');
    const { folder } = c.req.valid('query');
    await spendDownload(c.env, c.req.raw);
    return folderZip(c.req.raw, { db: c.env.DB, library, bucket }, folder, folderZipName(library, folder));
  });
