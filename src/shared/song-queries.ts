/** The query strings of the song calls, as schemas (kept apart from song-paths so the player bundle has no zod). */
import { z } from 'zod';
import { describePathProblem, pathProblem } from './song-paths';

const refuseUnsafe = (field: string) => (path: string, ctx: z.RefinementCtx) => {
  const problem = pathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: describePathProblem(field, problem) });
};

/** `?song=Artist/Album/01 Track.mp3` */
export const songQuerySchema = z.object({
  song: z.string({ error: "The query parameter 'song' is required." }).superRefine(refuseUnsafe('song')),
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
