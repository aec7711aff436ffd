/** Where a problem with an entry form belongs: under the field it concerns, or (none) in a toast. */
import type { z } from 'zod';
import { ApiClientError } from '../../api';
import type { PickerValue } from './Combobox';

export type EntryField = 'user' | 'server' | 'expiry';
export type FieldErrors = Partial<Record<EntryField, string>>;

/** The request fields of the add and update schemas, by the form field that sets them. */
const FIELD_OF_PATH: Readonly<Record<string, EntryField>> = { userID: 'user', newUserID: 'user', newServerID: 'server', expiresAt: 'expiry' };

/** Each field's first problem of a failed parse, in the schema's own words. */
export function fieldErrorsOf(error: Pick<z.core.$ZodError, 'issues'>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The field an API refusal concerns, with the sentence to show there: a server already licensed, a user over
 * the limit, or input the Worker refused (its sentence starts with the request field's path). Null otherwise.
 */
export function fieldErrorOfApi(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiClientError)) return null;
  if (error.code === 'DUPLICATE') return { server: error.message };
  if (error.code === 'OVER_LIMIT') return { user: error.message };
  if (error.code !== 'INVALID_INPUT') return null;
  const [, path = '', sentence = ''] = /^(\w+): (.*)$/s.exec(error.message) ?? [];
  const field = FIELD_OF_PATH[path];
  return field ? { [field]: sentence } : null;
}

/** The first field with a problem, in the form's order, for focus to go to. */
export const firstInvalid = (errors: FieldErrors): EntryField | undefined => (['user', 'server', 'expiry'] as const).find((f) => errors[f]);

/** A name typed but no match picked (digits are an id being typed): the schema would only call the id malformed, so say what to do. */
export function unpickedErrors(pickers: { user: PickerValue; server: PickerValue }): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['user', 'server'] as const) {
    const { text, pickedId } = pickers[field];
    if (pickedId === null && /\D/.test(text.trim())) {
      errors[field] = `Choose a ${field} from the list, or enter a Discord ${field} ID (17–20 digits).`;
    }
  }
  return errors;
}
