import { useRef, useState } from 'react';
import { firstInvalid, type EntryField, type FieldErrors } from './entry-errors';

/** A form's errors by field: shown under each field, focus on the first; a field's error goes when it changes. */
export function useEntryErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const refs = {
    user: useRef<HTMLInputElement>(null),
    server: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLSelectElement>(null),
  } satisfies Record<EntryField, unknown>;

  const show = (next: FieldErrors) => {
    setErrors(next);
    const field = firstInvalid(next);
    if (field) refs[field].current?.focus();
  };
  const clear = (field: EntryField) => setErrors(({ [field]: _gone, ...rest }) => rest);

  return { errors, refs, show, clear, reset: () => setErrors({}) };
}
