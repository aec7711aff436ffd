import type { Context } from 'hono';
import { LIVE_TAB_HEADER } from '../../shared/live';
import type { AppEnv } from '../hono-env';
import type { LiveOrigin } from '../services/live';

/**
 * For a write: its `waitUntil` (the open pages hear of it after the answer) and the tab it says it comes from,
 * with the session that says so (the announcement checks the tab against it). The bot API has no session, so
 * its changes name no tab.
 */
export const liveOriginOf = <E extends AppEnv>(c: Context<E>): LiveOrigin => {
  // Hono's Context is invariant in its env; the routes' envs only add variables to AppEnv's.
  const session = (c as unknown as Context<AppEnv>).get('session');
  const tab = c.req.header(LIVE_TAB_HEADER);
  return {
    defer: (work) => c.executionCtx.waitUntil(work),
    tab: session && tab !== undefined ? { sessionId: session.id, tab } : null,
  };
};
