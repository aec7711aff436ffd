/**
 * The grant API's request schema, which the Worker checks. It is kept apart from the levels and shapes the settings
 * page reads (server-access.ts), so that page does not load zod before it is interactive.
 */
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from './discord-ids';
import { GRANT_LEVELS } from './server-access';

const id = (what: string) => z.string({ error: 'is required' }).trim().regex(SNOWFLAKE_PATTERN, `must be a Discord ${what} id (17–20 digits)`);

/** POST /api/update-server-access: `level: null` removes the role's grant. */
export const serverAccessUpdateSchema = z.strictObject({
  serverID: id('server'),
  roleID: id('role'),
  level: z.enum(GRANT_LEVELS, { error: "must be 'read', 'write' or null" }).nullable(),
});

export type ServerAccessUpdate = z.output<typeof serverAccessUpdateSchema>;
