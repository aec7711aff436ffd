import { z } from 'zod';
import { SESSION_ID_PATTERN } from './sessions';

export const revokeSessionSchema = z.object({
  id: z.string({ error: 'id is required.' }).regex(SESSION_ID_PATTERN, { error: 'id must be a session id.' }),
});

export type RevokeSessionRequest = z.infer<typeof revokeSessionSchema>;
