import { useId, type Ref } from 'react';
import { EXPIRY_CHOICES, type ExpiryChoice } from '../../../shared/whitelist';
import { fieldErrorClass } from '../../ui/fields';
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
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        ref={selectRef}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${className ?? ''}`}
      >
        {keep && <option value="keep">Keep Current Date</option>}
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
