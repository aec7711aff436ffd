import { useCallback, useContext } from 'react';
import { isSelectableRole, type SettingsRole } from '../../../shared/settings/guild';
import { FieldMessages, ReadOnlyView, GroupLabelRow } from './controls';
import { roleColour } from './ReferenceSelects';
import type { ControlProps } from './control-props';
import { PickedChips, SearchPicker, type PickerOption } from './SearchPicker';

const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export function RoleDot({ role }: { role: SettingsRole | undefined }) {
  const colour = role ? roleColour(role.color) : null;
  return (
    <span
      aria-hidden="true"
      className={`h-3 w-3 shrink-0 rounded-full border ${colour ? 'border-transparent' : 'border-gray-400 dark:border-gray-500'}`}
      style={colour ? { backgroundColor: colour } : undefined}
    />
  );
}

const roleOption = (id: string, roles: readonly SettingsRole[]): PickerOption => {
  const role = roles.find((candidate) => candidate.id === id);
  return { id, label: role ? `@${role.name}` : `Unknown role (${id})`, mark: <RoleDot role={role} /> };
};

/** Roles picked by name from the server's own (Anti-Nuke's trusted roles); each one a chip to remove. */
export function RolesSetting({ id, spec, value, data, saving, saved, onChange }: ControlProps<'roles'>) {
  const picked = stringList(value);
  const readOnly = useContext(ReadOnlyView);
  const search = useCallback(
    (text: string) => {
      const wanted = text.trim().toLowerCase();
      if (wanted === '') return [];
      return data.roles
        .filter((role) => isSelectableRole(role, data.id) && role.name.toLowerCase().includes(wanted))
        .sort((a, b) => b.position - a.position)
        .map((role) => roleOption(role.id, data.roles));
    },
    [data.roles, data.id],
  );
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <GroupLabelRow id={id} label={spec.label} saving={saving} saved={saved} />
      <PickedChips
        label={spec.label}
        items={picked.map((roleId) => roleOption(roleId, data.roles))}
        readOnly={readOnly}
        onRemove={(removed) => onChange(picked.filter((roleId) => roleId !== removed))}
      />
      {readOnly ? (
        picked.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">None</p>
      ) : (
        <SearchPicker
          id={id}
          label={`Search roles to add to ${spec.label.toLowerCase()}`}
          placeholder="Search roles by name"
          describedBy={spec.help ? `${id}-help` : undefined}
          emptyText="No role of this server matches."
          search={search}
          exclude={picked}
          onPick={(option) => onChange([...picked, option.id])}
        />
      )}
      <FieldMessages id={id} />
      {spec.help && !readOnly && (
        <p id={`${id}-help`} className="settings-help">
          {spec.help}
        </p>
      )}
    </div>
  );
}
