import { useContext } from 'react';
import { FieldMessages, FOCUS, ReadOnlyView, SavingIndicator } from './controls';
import type { ControlProps } from './control-props';

/** A list of options, each on or off; every tick saves the whole list at once. */
export function ChecklistSetting({ id, spec, value, saving, saved, onChange }: ControlProps<'checklist'>) {
  const on = new Set(Array.isArray(value) ? value : []);
  const all = spec.options.map((option) => option.value);
  const set = (next: readonly string[]) => onChange(all.filter((option) => next.includes(option)));
  const readOnly = useContext(ReadOnlyView);
  const linkButton = `rounded px-1 text-xs font-semibold text-indigo-700 hover:underline disabled:opacity-40 dark:text-indigo-300 ${FOCUS}`;
  return (
    // A group, not a fieldset: the page's own fieldset is what disables every control for a reader.
    <div id={id} role="group" aria-labelledby={`${id}-label`} aria-busy={saving || undefined}>
      <div className="settings-label-row">
        <span id={`${id}-label`} className="settings-label">
          {spec.label}
        </span>
        <span className="flex items-center gap-2">
          {!readOnly && (
            <>
              <button type="button" className={linkButton} disabled={on.size === all.length} onClick={() => set(all)}>
                All
              </button>
              <button type="button" className={linkButton} disabled={on.size === 0} onClick={() => set([])}>
                None
              </button>
            </>
          )}
          <SavingIndicator saving={saving} saved={saved} />
        </span>
      </div>
      <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {spec.options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-gray-50 dark:hover:bg-gray-800/60">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-gray-300 accent-indigo-600 dark:border-gray-600"
                checked={on.has(option.value)}
                onChange={(event) => set(event.target.checked ? [...on, option.value] : [...on].filter((item) => item !== option.value))}
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
      <FieldMessages id={id} />
    </div>
  );
}
