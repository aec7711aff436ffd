import type { Ref } from 'react';
import { EXPIRY_CHOICES, type ExpiryChoice } from '../../../shared/whitelist';
import { Field } from '../../ui/Field';
import { inputClass } from './admin-styles';

/** The expiry choices of SPEC section 9; editing also offers 'Keep Current Date' (`keep`). */
export type ExpiryValue = 'keep' | ExpiryChoice;

interface ExpiryFieldProps<V extends ExpiryValue> {
  label: string;
  labelClassName: string;
  value: V;
  onChange: (value: V) => void;
  /** Offer 'Keep Current Date' first. */
  keep?: boolean;
  error?: string | undefined;
  selectRef?: Ref<HTMLSelectElement>;
  className?: string;
}

export function ExpiryField<V extends ExpiryValue>({ label, labelClassName, value, onChange, keep, error, selectRef, className }: ExpiryFieldProps<V>) {
  return (
    <Field label={label} labelClassName={labelClassName} error={error}>
      {(control) => (
        <select {...control} ref={selectRef} value={value} onChange={(e) => onChange(e.target.value as V)} className={`${inputClass} ${className ?? ''}`}>
          {keep && <option value="keep">Keep Current Date</option>}
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
