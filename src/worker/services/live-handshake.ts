/** The live socket's handshake, checked before the session is looked up (no binding: tried in Node). */
import { ApiError, forbidden } from '../errors';

/** Refuses a handshake from any page but ours, and a request that is not a WebSocket handshake. */
export function checkLiveHandshake(env: Pick<Env, 'APP_ORIGIN'>, headers: Headers): void {
  if (headers.get('Origin') !== env.APP_ORIGIN) throw forbidden('Live updates are only for pages of this site.');
  if (headers.get('Upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'UPGRADE_REQUIRED', 'This address takes a WebSocket.');
}
