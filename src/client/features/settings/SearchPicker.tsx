import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FOCUS, INPUT_CLASS } from './controls';

export interface PickerOption {
  id: string;
  label: string;
  /** A second line: a username, "above the bot"… */
  detail?: string;
  /** Drawn before the label (a role's colour, an avatar). */
  mark?: ReactNode;
  /** How its chip's Remove button names it, where the label would not tell two apart. */
  name?: string;
  /** Drawn after its chip's label and never cut: what tells two chips of the same label apart (an id's end). */
  tag?: ReactNode;
}

interface Props {
  id: string;
  /** The input's accessible name ("Search members"). */
  label: string;
  placeholder?: string;
  /** The options for a text; `[]` for none. A promise is awaited, and its late answers for older texts dropped. */
  search: (text: string, signal: AbortSignal) => PickerOption[] | Promise<PickerOption[]>;
  onPick: (option: PickerOption) => void;
  /** Enter on a text that matched nothing (pasted ids): true when it was taken, and the input clears. */
  onEnterText?: (text: string) => boolean;
  describedBy?: string;
  /** What the list says while nothing matches. */
  emptyText: string;
  /** Ids already picked, left out of the matches. */
  exclude: readonly string[];
  /** The entered text was refused (its reason is in `describedBy`). */
  invalid?: boolean;
  onTextChange?: (text: string) => void;
}

/** A search box with its list of matches (ARIA combobox): arrows move, Enter picks, Escape closes. */
export function SearchPicker({ id, label, placeholder, search, onPick, onEnterText, describedBy, emptyText, exclude, invalid, onTextChange }: Props) {
  const listId = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<PickerOption[]>([]);
  const options = found.filter((option) => !exclude.includes(option.id));
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const typing = new AbortController();
    Promise.resolve(search(text, typing.signal))
      .then((matches) => {
        if (typing.signal.aborted) return;
        setFound(matches);
        setError(null);
        setActive(0);
      })
      .catch((reason: unknown) => {
        if (!typing.signal.aborted) setError(reason instanceof Error ? reason.message : 'The search failed.');
      });
    return () => typing.abort();
  }, [text, search]);

  const pick = (option: PickerOption | undefined) => {
    if (!option) return;
    onPick(option);
    setText('');
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (options.length === 0 ? 0 : (index + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open && options[active]) pick(options[active]);
      else if (onEnterText?.(text)) setText('');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const showList = open && text.trim() !== '';
  const activeId = showList && options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="relative">
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-label={label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={describedBy}
        aria-invalid={invalid === true ? true : undefined}
        className={INPUT_CLASS}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          onTextChange?.(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${index === active ? 'bg-indigo-50 dark:bg-indigo-950' : ''}`}
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            {option.mark}
            <span className="min-w-0">
              <span className="block truncate">{option.label}</span>
              {option.detail && <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{option.detail}</span>}
            </span>
          </li>
        ))}
        {options.length === 0 && <li className="px-3 py-2 text-sm text-gray-600 dark:text-gray-400">{error ?? emptyText}</li>}
      </ul>
    </div>
  );
}

/** The picked items as removable chips. */
export function PickedChips({ label, items, onRemove, readOnly }: { label: string; items: PickerOption[]; onRemove: (id: string) => void; readOnly: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={label}>
      {items.map((item) => (
        <li
          key={item.id}
          className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-gray-200 bg-gray-50 py-0.5 pr-1 pl-2 text-sm dark:border-gray-700 dark:bg-gray-800"
        >
          {item.mark}
          <span className="truncate" title={item.detail}>
            {item.label}
          </span>
          {item.tag !== undefined && <span className="shrink-0 font-mono text-xs text-gray-600 tabular-nums dark:text-gray-400">{item.tag}</span>}
          {!readOnly && (
            <button
              type="button"
              aria-label={`Remove ${item.name ?? item.label}`}
              onClick={() => onRemove(item.id)}
              className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-gray-600 hover:bg-gray-200 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-700 dark:hover:text-white ${FOCUS}`}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
