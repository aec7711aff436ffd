import { useContext } from 'react';
import { FieldMessages, ReadOnlyView, SavingIndicator } from './controls';
import type { ControlProps } from './control-props';

/** One of a few options, as a row of segments (radio buttons: arrow keys move between them); a choice saves at once. */
export function ChoiceSetting({ id, spec, value, saving, saved, onChange }: ControlProps<'choice'>) {
  const readOnly = useContext(ReadOnlyView);
  const current = typeof value === 'string' ? value : spec.default;
  return (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={spec.help && !readOnly ? `${id}-help` : undefined}
      aria-busy={saving || undefined}
    >
      <div className="settings-label-row">
        <span id={`${id}-label`} className="settings-label">
          {spec.label}
        </span>
        <SavingIndicator saving={saving} saved={saved} />
      </div>
      <div className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800/70">
        {spec.options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-9 flex-1 basis-0 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-gray-700 has-[:checked]:bg-white has-[:checked]:text-gray-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:text-gray-300 dark:has-[:checked]:bg-gray-950 dark:has-[:checked]:text-white"
          >
            <input type="radio" className="sr-only" name={id} value={option.value} checked={current === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages id={id} />
      {spec.help && !readOnly && (
        <p id={`${id}-help`} className="settings-help">
          {spec.help}
        </p>
      )}
    </div>
  );
}
