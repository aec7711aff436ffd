import { useContext } from 'react';
import {
  CATEGORY_CHANNEL_TYPE,
  isAssignableRole,
  isSelectableRole,
  TEXT_CHANNEL_TYPE,
  type SettingsChannel,
  type SettingsRole,
} from '../../../shared/settings/guild';
import { FieldRow, INPUT_CLASS, NOT_SET, ReadOnlyView } from './controls';

/** A select's empty choice: an editor picks "None"; a reader reads the setting as not set, like any other. */
const useNoneLabel = () => (useContext(ReadOnlyView) ? NOT_SET : 'None');

interface ChannelSelectProps {
  id: string;
  label: string;
  value: string | null;
  channels: readonly SettingsChannel[];
  saving: boolean;
  saved?: boolean;
  /** What the empty choice is called, when not 'None' ('Default channel'). */
  noneLabel?: string;
  onChange: (value: string | null) => void;
}

/** Text channels, those without a category first, then grouped under their categories in Discord's order. */
export function ChannelSelect({ id, label, value, channels, saving, saved, noneLabel: emptyLabel, onChange }: ChannelSelectProps) {
  const text = channels.filter((channel) => channel.type === TEXT_CHANNEL_TYPE);
  const categories = channels.filter((channel) => channel.type === CATEGORY_CHANNEL_TYPE);
  const categoryIds = new Set(categories.map((category) => category.id));
  const loose = text.filter((channel) => channel.parent_id === null || !categoryIds.has(channel.parent_id));
  const known = value === null || text.some((channel) => channel.id === value);
  const noneLabel = useNoneLabel();
  return (
    <FieldRow id={id} label={label} saving={saving} saved={saved}>
      <select id={id} className={INPUT_CLASS} value={value ?? ''} aria-busy={saving || undefined} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{emptyLabel ?? noneLabel}</option>
        {!known && <option value={value}>{`Unknown channel (${value})`}</option>}
        {loose.map((channel) => (
          <option key={channel.id} value={channel.id}>{`#${channel.name}`}</option>
        ))}
        {categories.map((category) => {
          const inside = text.filter((channel) => channel.parent_id === category.id);
          if (inside.length === 0) return null;
          return (
            <optgroup key={category.id} label={category.name}>
              {inside.map((channel) => (
                <option key={channel.id} value={channel.id}>{`#${channel.name}`}</option>
              ))}
            </optgroup>
          );
        })}
      </select>
    </FieldRow>
  );
}

export const roleColour = (color: number) => (color === 0 ? null : `#${color.toString(16).padStart(6, '0')}`);

interface RoleSelectProps {
  id: string;
  label: string;
  value: string | null;
  roles: readonly SettingsRole[];
  guildId: string;
  /** Roles the bot hands out itself must sit below its highest role. */
  assignable: boolean;
  botHighestRolePosition: number;
  saving: boolean;
  saved?: boolean;
  onChange: (value: string | null) => void;
}

/** Roles highest first, without @everyone and integration roles; those the bot cannot assign are disabled. */
export function RoleSelect({ id, label, value, roles, guildId, assignable, botHighestRolePosition, saving, saved, onChange }: RoleSelectProps) {
  const choices = roles.filter((role) => isSelectableRole(role, guildId)).sort((a, b) => b.position - a.position);
  const selected = choices.find((role) => role.id === value);
  const colour = selected ? roleColour(selected.color) : null;
  const noneLabel = useNoneLabel();
  return (
    <FieldRow id={id} label={label} saving={saving} saved={saved}>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          data-testid={`${id}-colour`}
          className={`h-4 w-4 shrink-0 rounded-full border ${colour ? 'border-transparent' : 'border-gray-400 dark:border-gray-600'}`}
          style={colour ? { backgroundColor: colour } : undefined}
        />
        <select id={id} className={INPUT_CLASS} value={value ?? ''} aria-busy={saving || undefined} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">{noneLabel}</option>
          {value !== null && !selected && <option value={value}>{`Unknown role (${value})`}</option>}
          {choices.map((role) => {
            const above = assignable && !isAssignableRole(role, botHighestRolePosition);
            const optionColour = roleColour(role.color);
            return (
              <option key={role.id} value={role.id} disabled={above && role.id !== value} style={optionColour ? { color: optionColour } : undefined}>
                {`${role.name}${above ? ' (above the bot)' : ''}`}
              </option>
            );
          })}
        </select>
      </div>
    </FieldRow>
  );
}
