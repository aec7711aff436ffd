import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../shared/api-types';

/** An error with a status and a machine code; `app.onError` turns it into the JSON envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    return { error: this.message, code: this.code };
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new ApiError(400, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new ApiError(404, code, message);
export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'You need to log in first.');
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, 'FORBIDDEN', message);
