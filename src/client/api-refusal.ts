import type { SettingConflictBody } from '../shared/settings/index';
import { ApiClientError } from './api';

/**
 * Whether the server refused the request itself (a value it does not take, a permission the user lacks): sending
 * it again unchanged gets the same answer. A conflict, a rate limit, a timeout or a failure of ours or Discord's may
 * pass on a retry.
 */
export function isRefusal(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![408, 409, 429].includes(error.status);
}

/** The body of a 409 CONFLICT (a save, revert or import that would overwrite a newer value), or null. */
export function conflictOf(error: unknown): SettingConflictBody | null {
  if (!(error instanceof ApiClientError) || error.code !== 'CONFLICT') return null;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'current' in body ? (body as SettingConflictBody) : null;
}
