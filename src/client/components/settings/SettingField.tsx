import { formatIdList, inputProblem, messageIdFromInput, missingRequiredFields, parseIdList, type ServerSettingsResponse } from '../../../shared/settings';
import { fieldSpec, moduleTitle, requirementNames, type FieldSpec, type SectionName } from '../../../shared/settings-registry';
import { ChannelSelect, RoleSelect, TextSetting, Toggle } from './controls';
import { DisabledCommands } from './DisabledCommands';
import type { SaveOutcome } from './useSettingsSaver';

const optionalText = (value: string | null) => value ?? '';
const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const messageIdOrNull = (text: string) => blankToNull(messageIdFromInput(text));
const idOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export const settingControlId = (section: SectionName, key: string) => `setting-${section}-${key}`;

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
  return (
    <div>
      <FieldControl {...props} saved={outcome?.kind === 'saved'} />
      {outcome?.kind === 'failed' && (
        <div role="alert" id={`${id}-error`} className="mt-1.5 flex items-start gap-2 text-xs text-red-700 dark:text-red-300">
          <p className="flex-1">{outcome.message}</p>
          <button
            type="button"
            onClick={() => props.onChange(outcome.value)}
            className="shrink-0 rounded-md border border-red-300 px-2 py-0.5 font-semibold hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 dark:border-red-800 dark:hover:bg-red-950"
          >
            Retry
          </button>
        </div>
      )}
      {outcome?.kind === 'conflict' && (
        <div role="alert" id={`${id}-error`} className="mt-1.5 flex flex-wrap items-start gap-2 text-xs text-amber-800 dark:text-amber-200">
          <p className="min-w-0 flex-1 basis-48">{outcome.message}</p>
          <button
            type="button"
            onClick={() => props.onChange(outcome.value)}
            className="shrink-0 rounded-md border border-amber-400 px-2 py-0.5 font-semibold hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-amber-700 dark:hover:bg-amber-950"
          >
            Keep mine
          </button>
          <button
            type="button"
            onClick={props.onDismiss}
            className="shrink-0 rounded-md px-2 py-0.5 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            Use theirs
          </button>
        </div>
      )}
    </div>
  );
}

function FieldControl({ section, fieldKey, data, saving, saved, onChange }: Omit<Props, 'outcome' | 'onDismiss'> & { saved: boolean }) {
  const spec: FieldSpec | undefined = fieldSpec(section, fieldKey);
  if (!spec) return null;
  const values = data[section] as Record<string, unknown>;
  const value = values[fieldKey];
  const id = settingControlId(section, fieldKey);
  const common = { id, label: spec.label, saving, saved };
  const validate = (candidate: unknown) => inputProblem(section, fieldKey, candidate);

  switch (spec.kind) {
    case 'toggle': {
      const missing = missingRequiredFields(section, data[section]);
      const hint = missing.length === 0 ? null : `Set ${requirementNames(section, missing)} to enable ${moduleTitle(section)}.`;
      return <Toggle {...common} checked={value === true} hint={hint} onChange={onChange} />;
    }
    case 'userIds':
      return (
        <TextSetting
          {...common}
          value={stringList(value)}
          format={formatIdList}
          parse={parseIdList}
          placeholder={spec.placeholder}
          help={spec.help}
          validate={validate}
          onSave={onChange}
        />
      );
    case 'assignableRole':
    case 'role':
      return (
        <RoleSelect
          {...common}
          value={idOrNull(value)}
          roles={data.roles}
          guildId={data.id}
          assignable={spec.kind === 'assignableRole'}
          botHighestRolePosition={data.botHighestRolePosition}
          onChange={onChange}
        />
      );
    case 'textChannel':
      return <ChannelSelect {...common} value={idOrNull(value)} channels={data.channels} onChange={onChange} />;
    case 'messageId':
    case 'emoji':
      return (
        <TextSetting
          {...common}
          value={idOrNull(value)}
          format={optionalText}
          parse={spec.kind === 'messageId' ? messageIdOrNull : blankToNull}
          placeholder={spec.placeholder}
          help={spec.help}
          inputMode={spec.kind === 'messageId' ? 'numeric' : 'text'}
          validate={validate}
          onSave={onChange}
        />
      );
    case 'commands':
      return <DisabledCommands label={spec.label} disabled={stringList(value)} saving={saving} saved={saved} onChange={onChange} />;
  }
}
