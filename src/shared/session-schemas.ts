import { z } from 'zod';
import { SESSION_ID_PATTERN } from './sessions';

export const revokeSessionSchema = z.object({
  id: z.string({ error: 'id is required.' }).regex(SESSION_ID_PATTERN, { error: 'id must be a session id.' }),
});

export type RevokeSessionRequest = z.infer<typeof revokeSessionSchema>;

/**
 * The login link's query: where to come back to after Discord (a path of this site, checked by the Worker: anything
 * else falls back to the default, so the schema refuses nothing a browser may carry).
 */
export const loginQuerySchema = z.object({ next: z.string().optional() });

/** The invite link's query: the server to preselect (ignored unless it is a snowflake). */
export const inviteQuerySchema = z.object({ guild_id: z.string().optional() });
