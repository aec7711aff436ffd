import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { fieldKind, moduleSpec, settingKeys, type SectionName } from '../../../shared/settings/registry';
import { missingRequiredFields } from '../../../shared/settings/values';
import { ReadOnlyView, SectionCard, SwitchIntent } from './controls';
import { FieldGroupBox, fieldRuns } from './FieldGroup';
import { isFieldShown } from './field-shown';
import { KIND_CONTROLS } from './kind-controls';
import { ModuleIcon } from './ModuleIcon';
import { SettingField } from './SettingField';
import { fieldId, type useSettingsSaver } from './useSettingsSaver';

export interface ModuleViewProps {
  section: SectionName;
  data: ServerSettingsResponse;
  readOnly: boolean;
  /** The id of the notice saying why the page cannot change anything. */
  readOnlyNote: string | undefined;
  saving: ReadonlySet<string>;
  outcomes: ReturnType<typeof useSettingsSaver>['outcomes'];
  armed: boolean;
  onArm: (on: boolean) => void;
  change: (section: SectionName, key: string) => (value: unknown) => void;
  dismiss: (section: SectionName, key: string) => void;
}

/** One module: its switch and fields. */
export function ModuleView({ section, data, readOnly, readOnlyNote, saving, outcomes, armed, onArm, change, dismiss }: ModuleViewProps) {
  const spec = moduleSpec(section);
  // A field written along with another (a message's channel) has no control, and no row to leave a gap.
  const keys = settingKeys(section).filter(
    (key) => KIND_CONTROLS[fieldKind(section, key)] !== null && isFieldShown(section, key, data[section] as Record<string, unknown>),
  );
  const missing = new Set(missingRequiredFields(section, data[section]));
  const field = (key: string) => (
    // The fields an armed switch waits for are marked until they are set.
    <div key={key} className={armed && missing.has(key) ? '-m-1.5 rounded-lg p-1.5 ring-2 ring-indigo-500' : undefined}>
      <SettingField
        section={section}
        fieldKey={key}
        data={data}
        saving={saving.has(fieldId(section, key))}
        outcome={outcomes.get(fieldId(section, key))}
        onChange={change(section, key)}
        onDismiss={() => dismiss(section, key)}
      />
    </div>
  );
  return (
    <>
      {!readOnly && <p className="text-sm text-gray-600 dark:text-gray-400">Every change is saved as soon as you make it.</p>}
      {/* A disabled fieldset disables every control inside it: a reader sees the settings and changes none. */}
      <fieldset disabled={readOnly} aria-describedby={readOnlyNote} className="group/settings m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">Settings</legend>
        <SectionCard
          id={section}
          title={spec.title}
          description={spec.description}
          icon={<ModuleIcon name={spec.icon} />}
          wide={keys.some((key) => fieldKind(section, key) === 'commands')}
        >
          <ReadOnlyView.Provider value={readOnly}>
            <SwitchIntent.Provider value={{ armed, onBlocked: () => onArm(!armed) }}>
              {fieldRuns(section, keys).map((run) =>
                'group' in run ? (
                  <FieldGroupBox key={run.group.id} section={section} group={run.group}>
                    {run.keys.map(field)}
                  </FieldGroupBox>
                ) : (
                  field(run.key)
                ),
              )}
            </SwitchIntent.Provider>
          </ReadOnlyView.Provider>
        </SectionCard>
      </fieldset>
    </>
  );
}
