import { useId, type ReactNode } from 'react';
import { fieldErrorClass, fieldHintClass } from './fields';

/** What the control of a Field spreads on itself: its id (the label's `htmlFor`) and its description and validity. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  /** The control's id; generated with useId when not given (a settings field has a stable one). */
  id?: string;
  label: ReactNode;
  labelClassName?: string;
  /** Beside the label, at the end of its row (a save state). */
  labelAside?: ReactNode;
  /** A help line under the control. */
  hint?: ReactNode;
  /** What is wrong with the value, under the control; it marks the control invalid. */
  error?: ReactNode;
  /** Invalid for a reason told elsewhere (its id among `describedBy`). */
  invalid?: boolean;
  /** Ids of other elements that describe the control, read after the error and before the hint. */
  describedBy?: readonly (string | false | null | undefined)[];
  /** Drawn after the error, before the hint (how the last save ended). */
  note?: ReactNode;
  /** Drawn last, inside the field (a list of matches, a picker, a preview). */
  after?: ReactNode;
  className?: string;
  /** The look of the messages, when not the app's default one. */
  look?: { hint?: string; error?: string };
  /** The message ids, when not `<id>-hint` and `<id>-error` (a settings field keeps its own). */
  messageIds?: { hint?: string; error?: string };
  /** The control, given what it must carry: `<input {...control} />`. */
  children: (control: FieldControlProps) => ReactNode;
}

const shown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/**
 * A labelled form control with its help line and its error: the label names the control, the error then the hint
 * describe it (`aria-describedby`), and an error marks it invalid (`aria-invalid`), so a screen reader reads a field
 * as it is drawn.
 */
export function Field({
  id: givenId,
  label,
  labelClassName = 'mb-1 block text-sm font-medium',
  labelAside,
  hint,
  error,
  invalid = false,
  describedBy = [],
  note,
  after,
  className,
  look,
  messageIds,
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = messageIds?.hint ?? `${id}-hint`;
  const errorId = messageIds?.error ?? `${id}-error`;
  const hasError = shown(error);
  const hasHint = shown(hint);
  const labelElement = (
    <label id={`${id}-label`} htmlFor={id} className={labelClassName}>
      {label}
    </label>
  );
  const control: FieldControlProps = {
    id,
    'aria-describedby': [hasError && errorId, ...describedBy, hasHint && hintId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': hasError || invalid || undefined,
  };
  return (
    <div className={className}>
      {labelAside === undefined ? (
        labelElement
      ) : (
        <div className="mb-1 flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      )}
      {children(control)}
      {hasError && (
        <p id={errorId} className={look?.error ?? fieldErrorClass}>
          {error}
        </p>
      )}
      {note}
      {hasHint && (
        <p id={hintId} className={look?.hint ?? fieldHintClass}>
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}
