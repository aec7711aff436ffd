import { useContext } from 'react';
import { FieldMessages, ReadOnlyView, SavingIndicator, SwitchIntent } from './controls';

interface ToggleProps {
  id: string;
  label: string;
  checked: boolean;
  /** Why the switch cannot be turned on yet; the switch is disabled while this is set and it is off. */
  hint: string | null;
  saving: boolean;
  saved?: boolean;
  onChange: (checked: boolean) => void;
}

export function Toggle({ id, label, checked, hint, saving, saved, onChange }: ToggleProps) {
  const intent = useContext(SwitchIntent);
  const onBlocked = intent?.onBlocked;
  const armed = intent?.armed ?? false;
  const readOnly = useContext(ReadOnlyView);
  // The hint says what to set; a reader sets nothing, so for them the switch is only its state.
  const blocked = hint !== null && !checked && !readOnly;
  return (
    <div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          id={id}
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={blocked ? `${id}-hint` : undefined}
          aria-busy={saving || undefined}
          disabled={blocked && !onBlocked}
          onClick={() => (blocked && onBlocked ? onBlocked() : onChange(!checked))}
          // The look, disabled and armed included, is the stylesheet's `.switch`, shared with the overview's switches.
          className="switch"
          data-armed={(armed && !checked) || undefined}
        >
          <span aria-hidden="true" className="switch-knob" />
          <span aria-hidden="true" className="switch-state">
            {checked ? 'On' : 'Off'}
          </span>
        </button>
        <span id={`${id}-label`} className="settings-label flex-1">
          {label}
        </span>
        <SavingIndicator saving={saving} saved={saved} />
      </div>
      {blocked && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-amber-700 dark:text-amber-300">
          {hint}
          {armed && ' It turns on as soon as you do.'}
        </p>
      )}
      <FieldMessages id={id} />
    </div>
  );
}
