import type { ApiErrorBody } from '../shared/api-error';
import type { ApiKey } from '../shared/api-keys';
import { JSON_GET } from './json-get';

/** A failed API call, carrying the server's sentence and code. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error body, for codes that carry more than the sentence (a settings CONFLICT). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}

/** A response's JSON, or the ApiClientError its `{error, code}` describes. */
export async function readJson<T>(response: Pick<Response, 'ok' | 'status' | 'json'>): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = isErrorBody(body) ? body.error : `Request failed (${response.status}).`;
    const code = isErrorBody(body) ? body.code : 'HTTP_ERROR';
    throw new ApiClientError(response.status, code, message, body);
  }
  return body as T;
}

/** The SWR fetcher, and the one-off reads of a key: GET a JSON resource with the session cookie. */
export async function getJson<T>(key: ApiKey<T>): Promise<T> {
  return readJson<T>(await fetch(key, JSON_GET));
}
