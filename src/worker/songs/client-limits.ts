import { SERVER_BUSY_MESSAGE } from '../../shared/messages';
import { DOWNLOAD_LIMIT_PERIOD_SECONDS, PLAY_LIMIT_PERIOD_SECONDS } from '../../shared/songs/limits';
import { ApiError } from '../errors';

/** Limits are kept per client so one busy listener cannot starve the others. */
export const clientKey = (request: Request): string => request.headers.get('CF-Connecting-IP') ?? 'unknown-client';

async function spendOrRefuse(limiter: RateLimit, request: Request, periodSeconds: number): Promise<void> {
  const { success } = await limiter.limit({ key: clientKey(request) });
  if (!success) throw new ApiError(429, 'BUSY', SERVER_BUSY_MESSAGE, { 'Retry-After': String(periodSeconds) });
}

/** Every song download and folder zip counts, ranged or not: a download manager's many ranges are many requests to serve. */
export const spendDownload = (env: Env, request: Request) => spendOrRefuse(env.DOWNLOAD_LIMITER, request, DOWNLOAD_LIMIT_PERIOD_SECONDS);

/** A stream request that its play's ticket does not pay for counts as a play, whatever its range. */
export const spendPlay = (env: Env, request: Request) => spendOrRefuse(env.PLAY_LIMITER, request, PLAY_LIMIT_PERIOD_SECONDS);
