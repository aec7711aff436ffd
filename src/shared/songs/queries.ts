/** The query strings of the song calls, as schemas (kept apart from song-paths so the player bundle has no zod). */
import { z } from 'zod';
import { PLAY_TICKET_PATTERN } from './calls';
import { describePathProblem, pathProblem } from './paths';

const refuseUnsafe = (field: string) => (path: string, ctx: z.RefinementCtx) => {
  const problem = pathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: describePathProblem(field, problem) });
};

/** `?song=Artist/Album/01 Track.mp3` */
export const songQuerySchema = z.object({
  song: z.string({ error: "The query parameter 'song' is required." }).superRefine(refuseUnsafe('song')),
});

/** `?sizes=1`: the list with each file's bytes (song-listing.ts); without it, the paths alone as the SPEC has them. */
export const songListQuerySchema = z.object({
  sizes: z.literal('1', { error: 'must be 1 (with each file’s bytes), or left out.' }).optional(),
});

/** `?song=…&ticket=…`: the ticket of the play a stream request belongs to (PLAY_TICKET_PATTERN), if it has one. */
export const songStreamQuerySchema = songQuerySchema.extend({
  ticket: z.string().regex(PLAY_TICKET_PATTERN, 'must be a play ticket as the first answer of the play sent it.').optional(),
});

/** `?folder=Artist/Album`: absent, '' or '/' is the whole library; a trailing slash is harmless. */
export const folderQuerySchema = z.object({
  folder: z
    .string()
    .default('')
    .transform((raw) => (raw === '/' ? '' : raw.replace(/\/$/, '')))
    .superRefine((path, ctx) => {
      if (path !== '') refuseUnsafe('folder')(path, ctx);
    }),
});
