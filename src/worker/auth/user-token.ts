import { DiscordUnauthorizedError } from '../discord/rest';
import type { ActiveSession } from '../hono-env';

/** Runs a Discord call with the user's token; a 401 gets one refreshed token and one more try. */
export async function withUserToken<T>(session: ActiveSession, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(session.accessToken);
  } catch (error) {
    if (!(error instanceof DiscordUnauthorizedError)) throw error;
    return call(await session.renewAccessToken());
  }
}
