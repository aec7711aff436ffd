import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { INVALID_INPUT, type ApiErrorBody } from '../shared/api-error';
import type { SettingConflictBody } from '../shared/settings/index';

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

/** Who last changed what is in question, and when (null when never through the dashboard). */
export interface LastChange {
  userId: string;
  userName: string;
  at: number;
}

/**
 * What the request would overwrite changed since the person saw it (a save, a revert, an import): nothing was
 * written; the body says what is stored now, who changed it and when.
 */
export class SettingConflictError extends ApiError {
  constructor(
    /** Told the person, with the name of who changed it (null when unknown). */
    sentence: (who: string | null) => string,
    readonly current: unknown,
    readonly last: LastChange | null,
  ) {
    super(409, 'CONFLICT', sentence(last?.userName ?? null));
  }

  override get body(): SettingConflictBody {
    return {
      error: this.message,
      code: 'CONFLICT',
      current: this.current,
      changedBy: this.last?.userName ?? null,
      changedById: this.last?.userId ?? null,
      changedAt: this.last?.at ?? null,
    };
  }
}

export { INVALID_INPUT };
export const badInput = (field: string, problem: string) => new ApiError(400, INVALID_INPUT, `${field}: ${problem}`);
export const badRequest = (message: string, code: string) => new ApiError(400, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new ApiError(404, code, message);
export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'You need to log in first.');
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, 'FORBIDDEN', message);

/** D1 reports its failures as plain Errors whose message starts with its own prefix. */
const isStorageError = (error: Error) => /^D1_|SQLITE_|D1 /.test(error.message);

/** Every failure as the JSON envelope: ours as they are, storage trouble as 503, the rest as 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Hono's validator refuses a body that is not JSON before our schema sees it.
  if (error instanceof HTTPException && error.status === 400) return badInput('body', 'must be a JSON object.');
  if (error instanceof HTTPException) return new ApiError(error.status, 'HTTP_ERROR', error.message || 'Request failed.');
  if (error instanceof Error && isStorageError(error)) {
    return new ApiError(503, 'STORAGE_UNAVAILABLE', 'Saving or reading data failed on our side. Nothing was changed; please try again.');
  }
  return new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}
