import { Hono, type Context } from 'hono';
import { libraryNamedIn, songRoute, type SongCall } from '../../shared/songs/calls';
import { folderZipName, isPlayable, PLAYABLE_EXTENSIONS_TEXT } from '../../shared/songs/paths';
import { folderQuerySchema, songListQuerySchema, songQuerySchema, songStreamQuerySchema } from '../../shared/songs/queries';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';
import { libraryBucket } from '../songs/library';
import { spendDownload } from '../songs/client-limits';
import { objectResponse, planObjectRead } from '../songs/object-response';
import { songListing, songListResponse } from '../songs/song-list';
import { streamSong } from '../songs/stream';
import { folderZip } from '../songs/zip';
import { validQuery } from '../validation';

/** The library and its bucket named in a song call's segment ('/get-kenji-songs'). */
const libraryIn = (c: Context<AppEnv>, call: SongCall) => libraryBucket(c.env, libraryNamedIn(call, c.req.param('segment') ?? ''));

export const songsRoutes = new Hono<AppEnv>()
  .get(songRoute('list'), validQuery(songListQuerySchema), async (c) => {
    const { library, bucket } = libraryIn(c, 'list');
    return songListResponse(c.req.raw, await songListing(c.env, library, bucket, c.req.valid('query').sizes === '1'));
  })
  .get(songRoute('download'), validQuery(songQuerySchema), async (c) => {
    const { bucket } = libraryIn(c, 'download');
    const { song } = c.req.valid('query');
    await spendDownload(c.env, c.req.raw);
    return objectResponse(await planObjectRead(c.req.raw, bucket, song), 'attachment');
  })
  .get(songRoute('stream'), validQuery(songStreamQuerySchema), async (c) => {
    const { library, bucket } = libraryIn(c, 'stream');
    const { song, ticket } = c.req.valid('query');
    if (!isPlayable(song)) {
      throw new ApiError(415, 'NOT_PLAYABLE', `Only audio files can be played (${PLAYABLE_EXTENSIONS_TEXT}).`);
    }
    return streamSong(c.env, c.req.raw, { library, bucket, song, ticket });
  })
  .get(songRoute('folder'), validQuery(folderQuerySchema), async (c) => {
    const { library, bucket } = libraryIn(c, 'folder');
    const { folder } = c.req.valid('query');
    await spendDownload(c.env, c.req.raw);
    return folderZip(c.req.raw, { db: c.env.DB, library, bucket }, folder, folderZipName(library, folder));
  });
