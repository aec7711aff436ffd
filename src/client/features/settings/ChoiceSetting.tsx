import { useContext } from 'react';
import { FieldMessages, FieldRow, INPUT_CLASS, ReadOnlyValue, ReadOnlyView, GroupLabelRow } from './controls';
import type { ControlProps } from './control-props';

/**
 * One option of a few: radio cards with their help (Reaction Role's mode), a select of short names (a punishment), or a
 * row of segments for two or three words (Welcome's style); radio buttons move with the arrow keys, a choice saves at once.
 */
export function ChoiceSetting({ id, spec, value, saving, saved, onChange }: ControlProps<'choice'>) {
  const current = typeof value === 'string' ? value : spec.default;
  const readOnly = useContext(ReadOnlyView);
  const pick = (next: string) => {
    if (next !== current) onChange(next);
  };
  if (readOnly) {
    // A reader sees the chosen option as text, like every other value.
    return (
      <div>
        <GroupLabelRow id={id} label={spec.label} saving={false} />
        <ReadOnlyValue id={id} labelId={`${id}-label`} text={spec.options.find((option) => option.value === current)?.label ?? current} />
      </div>
    );
  }
  if (spec.control === 'segments') {
    return (
      <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={spec.help ? `${id}-help` : undefined} aria-busy={saving || undefined}>
        <GroupLabelRow id={id} label={spec.label} saving={saving} saved={saved} />
        <div className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800/70">
          {spec.options.map((option) => (
            <label
              key={option.value}
              className="flex min-h-9 flex-1 basis-0 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-gray-700 has-[:checked]:bg-white has-[:checked]:text-gray-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:text-gray-300 dark:has-[:checked]:bg-gray-950 dark:has-[:checked]:text-white"
            >
              <input type="radio" className="sr-only" name={id} value={option.value} checked={current === option.value} onChange={() => pick(option.value)} />
              {option.label}
            </label>
          ))}
        </div>
        <FieldMessages id={id} />
        {spec.help && (
          <p id={`${id}-help`} className="settings-help">
            {spec.help}
          </p>
        )}
      </div>
    );
  }
  if (spec.control === 'select') {
    return (
      <FieldRow id={id} label={spec.label} saving={saving} saved={saved} help={spec.help}>
        <select id={id} className={INPUT_CLASS} value={current} aria-busy={saving || undefined} onChange={(event) => pick(event.target.value)}>
          {spec.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldRow>
    );
  }
  return (
    <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} aria-busy={saving || undefined}>
      <GroupLabelRow id={id} label={spec.label} saving={saving} saved={saved} />
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {spec.options.map((option) => {
          const checked = option.value === current;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer gap-2.5 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500 ${
                checked
                  ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/60'
                  : 'border-gray-200 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800/60'
              }`}
            >
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={checked}
                aria-describedby={option.help ? `${id}-${option.value}-help` : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600"
                onChange={() => pick(option.value)}
              />
              <span>
                <span className="block font-semibold">{option.label}</span>
                {option.help && (
                  <span id={`${id}-${option.value}-help`} className="mt-0.5 block text-xs text-gray-600 dark:text-gray-400">
                    {option.help}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldMessages id={id} />
    </div>
  );
}
