import type { ReactNode, RefObject } from 'react';

const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-3 py-2.5 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:border-gray-800 dark:has-[:checked]:bg-indigo-950';

export interface RadioOptionProps {
  group: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}

/** One choice of a radio group drawn as a card; the whole card is the label. */
export function RadioOption({ group, value, checked, onChoose, inputRef, children }: RadioOptionProps) {
  return (
    <label className={optionClass}>
      <input
        ref={inputRef}
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
        className="h-4 w-4 shrink-0 accent-indigo-600"
      />
      {children}
    </label>
  );
}
