import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Field } from '../../ui/Field';
import { fieldHintClass } from '../../ui/fields';
import { inputClass } from './admin-styles';

/** What a picker holds: the text in the field, and the id of the option picked from the list (null while typing). */
export interface PickerValue {
  text: string;
  pickedId: string | null;
}

export const pickerValue = (text: string, pickedId: string | null = null): PickerValue => ({ text, pickedId });

/** The id a picker stands for: the picked option's, else the text as typed (an id the dashboard may not know). */
export const pickedId = (value: PickerValue) => value.pickedId ?? value.text.trim();

export interface ComboboxProps<T extends { id: string }> {
  label: string;
  labelClassName: string;
  value: PickerValue;
  onChange: (value: PickerValue) => void;
  /** Matches of the current text; `loading` while they are being asked for. */
  options: readonly T[];
  loading: boolean;
  /** What the field shows once an option is picked. */
  optionText: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The sentence when nothing matches the text. */
  noMatch: (text: string) => string;
  hint?: ReactNode;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
  placeholder?: string;
}

/**
 * A text field with a list of matches (the ARIA combobox pattern, list autocomplete): typing searches, Down and
 * Up move through the matches, Enter picks one, Escape closes the list (and then clears the field), Tab leaves.
 * Focus stays in the field; the active match is told by aria-activedescendant.
 */
export function Combobox<T extends { id: string }>(props: ComboboxProps<T>) {
  const { label, labelClassName, value, onChange, options, loading, optionText, renderOption, noMatch, hint, error, inputRef, inputClassName, placeholder } =
    props;
  const id = useId();
  const ids = { input: `${id}-input`, list: `${id}-list`, option: (i: number) => `${id}-option-${i}` };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);

  const text = value.text.trim();
  const searching = value.pickedId === null && text !== '';
  const expanded = open && searching;
  const status = !expanded ? '' : loading && options.length === 0 ? 'Searching…' : options.length === 0 ? noMatch(text) : '';
  const announcement = !expanded ? '' : status || `${options.length} match${options.length === 1 ? '' : 'es'}, use the arrow keys to choose.`;

  useEffect(() => {
    if (active < 0) return;
    list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (option: T) => {
    onChange(pickerValue(optionText(option), option.id));
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (!expanded) {
      setOpen(true);
      return;
    }
    const count = options.length;
    if (count === 0) return;
    setActive((i) => (i < 0 ? (step === 1 ? 0 : count - 1) : (i + step + count) % count));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const option = active >= 0 ? options[active] : undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded && option) {
      // Picks the match instead of submitting the form.
      event.preventDefault();
      pick(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else onChange(pickerValue(''));
      setActive(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const matches = (
    <>
      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-20 mt-1 min-w-80 overflow-hidden sm:min-w-[26rem] rounded-lg border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        {status && <p className="px-3 py-2 text-sm text-gray-600 dark:text-gray-400">{status}</p>}
        <ul ref={list} id={ids.list} role="listbox" aria-label={`Matches for ${label}`} className="max-h-72 overflow-y-auto py-1">
          {expanded &&
            options.map((option, i) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the field's: the list follows aria-activedescendant.
              <li
                key={option.id}
                id={ids.option(i)}
                role="option"
                aria-selected={i === active}
                // Keeps focus in the field, so the click picks instead of blurring (which closes the list).
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
                onMouseMove={() => setActive(i)}
                className={`flex cursor-pointer items-center gap-2.5 px-3 py-1.5 text-sm ${i === active ? 'bg-indigo-50 dark:bg-indigo-950' : ''}`}
              >
                {renderOption(option)}
              </li>
            ))}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );

  return (
    <Field
      id={ids.input}
      label={label}
      labelClassName={labelClassName}
      hint={hint}
      error={error}
      after={matches}
      className="relative"
      // What the form will send ('Server ID …') stays on one line in a table cell.
      look={{ hint: `${fieldHintClass} truncate` }}
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? ids.option(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value.text}
          onChange={(e) => {
            onChange(pickerValue(e.target.value));
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={`${inputClass} ${inputClassName ?? ''}`}
        />
      )}
    </Field>
  );
}
