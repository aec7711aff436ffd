import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { trimSpaces } from '../../../shared/visible-text';
import { FieldRow, INPUT_CLASS, ReadOnlyValue, ReadOnlyView, RefusedValue } from './controls';
import { CHECKS_PENDING, type Validation } from './settings-checks';
import { useSaveOnLeave } from './useSaveOnLeave';

/**
 * An optional text value (an emoji, a message id): shown as stored, saved trimmed of spaces as the Worker trims it, and
 * cleared to null when left blank. A hidden character at an end stays, so the field says what the Worker would refuse.
 */
export const OPTIONAL_TEXT = {
  format: (value: string | null) => value ?? '',
  parse: (text: string) => (trimSpaces(text) === '' ? null : trimSpaces(text)),
};

interface TextSettingProps<T> {
  id: string;
  label: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => T;
  saving: boolean;
  saved?: boolean;
  placeholder?: string;
  help?: string;
  inputMode?: 'numeric' | 'text';
  /** Why the typed value would be refused (null when it is fine): shown as the owner types, and nothing invalid is sent. */
  validate?: (value: T) => Validation;
  onSave: (value: T) => void;
  /** Drawn under the field's messages and help (the emoji picker, a message id's link back). */
  children?: ReactNode;
}

/**
 * The draft of a typed setting: saved on commit only when it changed and fits; a new stored value replaces it
 * unless the person has typed on since. `reset` puts the stored text back (Escape).
 */
export function useDraft<T>({
  id,
  value,
  format,
  parse,
  saving,
  validate,
  onSave,
}: Pick<TextSettingProps<T>, 'id' | 'value' | 'format' | 'parse' | 'saving' | 'validate' | 'onSave'>) {
  const stored = format(value);
  const [draft, setDraft] = useState(stored);
  const refusedValue = useContext(RefusedValue);
  const refusedText = refusedValue === null ? null : format(refusedValue.value as T);
  const lastSent = useRef(stored);
  const committedDraft = useRef<string | null>(null);
  const wasSaving = useRef(saving);
  // A new stored value replaces the draft during render (React's "adjusting state when a prop changes").
  const [shownStored, setShownStored] = useState(stored);
  if (stored !== shownStored) {
    setShownStored(stored);
    // A refused save's value leaves the stored view as it came: the refused text stays to be corrected.
    if (refusedText === null || draft !== refusedText) setDraft(stored);
  }
  useEffect(() => {
    lastSent.current = stored;
  }, [stored]);
  useEffect(() => {
    // A finished save shows what the server kept (a failed one: the old value), unless the person has
    // typed on since; this also covers an optimistic value and its revert landing in one render.
    if (wasSaving.current && !saving) {
      // Only a real change is queued: a no-op update left pending is replayed over a later stored value
      // (a live change from elsewhere) and would put this text back.
      if (draft === committedDraft.current && draft !== stored && draft !== refusedText) setDraft(stored);
      lastSent.current = stored;
    }
    wasSaving.current = saving;
  }, [saving, stored, draft, refusedText]);

  const checked = draft === stored || !validate ? null : validate(parse(draft));
  // Until the checks have loaded nothing is said, and a commit waits for them.
  const problem = checked === CHECKS_PENDING ? null : checked;
  const commitWhenChecked = useRef(false);
  // The text the server just refused, still as typed: sending it again would only be refused again.
  const refused = refusedText !== null && draft === refusedText;

  const commit = () => {
    if (checked === CHECKS_PENDING) {
      commitWhenChecked.current = true;
      return;
    }
    // The text stays as typed, with the problem under it; nothing the Worker would refuse is sent.
    if (problem !== null || refused) return;
    const next = parse(draft);
    const text = format(next);
    // The same value typed another way (spaces around it): nothing to save, and the field shows it as stored.
    if (text === stored) {
      setDraft(stored);
      return;
    }
    if (text === lastSent.current) return;
    lastSent.current = text;
    committedDraft.current = draft;
    onSave(next);
  };
  useEffect(() => {
    if (!commitWhenChecked.current || checked === CHECKS_PENDING) return;
    commitWhenChecked.current = false;
    commit();
  });
  useSaveOnLeave(commit, draft !== stored && (problem !== null || refused));

  const describedBy = (...others: (string | false | undefined)[]) =>
    [problem !== null && `${id}-problem`, refused && `${id}-error`, ...others].filter(Boolean).join(' ') || undefined;
  return { draft, setDraft, problem, refused, invalid: problem !== null || refused, describedBy, commit, reset: () => setDraft(stored) };
}

/** A text field that saves on blur or Enter, only when the value changed; Escape restores the stored text. */
export function TextSetting<T>({
  id,
  label,
  value,
  format,
  parse,
  saving,
  saved,
  placeholder,
  help,
  inputMode = 'text',
  validate,
  onSave,
  children,
}: TextSettingProps<T>) {
  const { draft, setDraft, problem, refused, commit, reset } = useDraft({ id, value, format, parse, saving, validate, onSave });
  const readOnly = useContext(ReadOnlyView);

  return (
    <FieldRow
      id={id}
      label={label}
      saving={saving}
      saved={saved}
      help={help}
      problem={problem}
      invalid={refused}
      describedBy={[refused && `${id}-error`]}
      extra={children}
    >
      {(control) =>
        readOnly ? (
          <ReadOnlyValue id={id} labelId={`${id}-label`} text={draft} />
        ) : (
          <input
            {...control}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            spellCheck={false}
            className={INPUT_CLASS}
            value={draft}
            placeholder={placeholder}
            aria-busy={saving || undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              } else if (event.key === 'Escape') {
                reset();
              }
            }}
          />
        )
      }
    </FieldRow>
  );
}
