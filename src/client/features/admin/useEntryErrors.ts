import { useRef, useState } from 'react';
import { failed } from './admin-actions';
import { fieldErrorOfApi, firstInvalid, type EntryField, type FieldErrors } from './entry-errors';

/**
 * A form's errors by field: shown under each field, focus on the first; a field's error goes when it changes.
 * `send` runs the form's request with the form busy: an answer about one field shows under it, any other failure as a toast.
 */
export function useEntryErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
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

  const send = async (verb: string, work: () => Promise<void>) => {
    setErrors({});
    setBusy(true);
    try {
      await work();
    } catch (error) {
      const atField = fieldErrorOfApi(error);
      if (atField) show(atField);
      else failed(verb, error);
    } finally {
      setBusy(false);
    }
  };

  return { errors, refs, show, clear, busy, send };
}
