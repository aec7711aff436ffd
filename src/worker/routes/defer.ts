import type { Context } from 'hono';
import type { Defer } from '../services/live';

/** The request's `waitUntil`, for services that finish work after answering (telling open pages of a change). */
export const deferOf =
  (c: Context): Defer =>
  (work) =>
    c.executionCtx.waitUntil(work);
