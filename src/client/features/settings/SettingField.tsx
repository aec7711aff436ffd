import type { ReactNode } from 'react';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { fieldSpec, type SectionName } from '../../../shared/settings/registry';
import { type FieldKind } from '../../../shared/settings/field-specs';
import type { ControlProps } from './control-props';
import { RefusedValue, SaveOutcomeNote } from './controls';
import { KIND_CONTROLS } from './kind-controls';
import { CHECKS_PENDING, useSettingsChecks } from './settings-checks';
import { settingControlId } from './setting-control-id';
import type { SaveOutcome } from './useSettingsSaver';

interface Props {
  section: SectionName;
  fieldKey: string;
  data: ServerSettingsResponse;
  saving: boolean;
  outcome: SaveOutcome | undefined;
  onChange: (value: unknown) => void;
  /** Clears the outcome shown under the field (taking the other editor's value after a conflict). */
  onDismiss: () => void;
}

/** One field of the registry, drawn by its kind, with how its last save ended. */
export function SettingField({ outcome, ...props }: Props) {
  const id = settingControlId(props.section, props.fieldKey);
  const spec = fieldSpec(props.section, props.fieldKey);
  if (!spec || KIND_CONTROLS[spec.kind] === null) return null;
  return (
    <RefusedValue value={outcome?.kind === 'refused' ? { value: outcome.value } : null}>
      <SaveOutcomeNote value={outcome === undefined ? null : <OutcomeNote id={id} outcome={outcome} onChange={props.onChange} onDismiss={props.onDismiss} />}>
        <FieldControl {...props} saved={outcome?.kind === 'saved'} />
      </SaveOutcomeNote>
    </RefusedValue>
  );
}

/** How the field's last save ended, shown by its control under its input (FieldMessages); nothing once it saved. */
function OutcomeNote({ id, outcome, onChange, onDismiss }: { id: string; outcome: SaveOutcome; onChange: (value: unknown) => void; onDismiss: () => void }) {
  switch (outcome.kind) {
    case 'refused':
      return (
        <p role="alert" id={`${id}-error`} className="mt-1.5 text-xs text-red-700 dark:text-red-300">
          {outcome.message}
        </p>
      );
    case 'failed':
      return (
        <div role="alert" id={`${id}-error`} className="mt-1.5 flex items-start gap-2 text-xs text-red-700 dark:text-red-300">
          <p className="flex-1">{outcome.message}</p>
          <button
            type="button"
            onClick={() => onChange(outcome.value)}
            className="shrink-0 rounded-md border border-red-300 px-2 py-0.5 font-semibold hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 dark:border-red-800 dark:hover:bg-red-950"
          >
            Retry
          </button>
        </div>
      );
    case 'conflict':
      return (
        <div role="alert" id={`${id}-error`} className="mt-1.5 flex flex-wrap items-start gap-2 text-xs text-amber-800 dark:text-amber-200">
          <p className="min-w-0 flex-1 basis-48">{outcome.message}</p>
          <button
            type="button"
            onClick={() => onChange(outcome.value)}
            className="shrink-0 rounded-md border border-amber-400 px-2 py-0.5 font-semibold hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-amber-700 dark:hover:bg-amber-950"
          >
            Keep mine
          </button>
          <button
            type="button"
            onClick={onDismiss}
            className="shrink-0 rounded-md px-2 py-0.5 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            Use theirs
          </button>
        </div>
      );
    case 'saved':
      return null;
  }
}

function FieldControl({ section, fieldKey, data, saving, saved, onChange }: Omit<Props, 'outcome' | 'onDismiss'> & { saved: boolean }) {
  const spec = fieldSpec(section, fieldKey);
  const checks = useSettingsChecks();
  // The table's rows each take their own kind's spec; this field's row is the one for spec.kind.
  const Control = spec ? (KIND_CONTROLS[spec.kind] as ((props: ControlProps<FieldKind>) => ReactNode) | null) : null;
  if (!spec || !Control) return null;
  return (
    <Control
      id={settingControlId(section, fieldKey)}
      section={section}
      spec={spec}
      value={(data[section] as Record<string, unknown>)[fieldKey]}
      data={data}
      saving={saving}
      saved={saved}
      onChange={onChange}
      validate={(candidate) => (checks ? checks.inputProblem(section, fieldKey, candidate) : CHECKS_PENDING)}
    />
  );
}
