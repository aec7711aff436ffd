import type { Context } from 'hono';
import { LIVE_TAB_HEADER, liveTabOf } from '../../shared/live';
import type { LiveOrigin } from '../services/live';

/** For a write: its `waitUntil` (the open pages hear of it after the answer) and the tab that made it. */
export const liveOriginOf = (c: Context): LiveOrigin => ({
  defer: (work) => c.executionCtx.waitUntil(work),
  tab: liveTabOf(c.req.header(LIVE_TAB_HEADER)),
});
