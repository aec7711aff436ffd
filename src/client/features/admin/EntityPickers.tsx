/** The add and edit forms' pickers: a bot server, or a user the dashboard knows, by name or id. */
import type { Ref } from 'react';
import type { AdminUserOption } from '../../../shared/licences';
import { isSnowflake } from '../../../shared/discord-ids';
import { apiKeys } from '../../../shared/api-keys';
import { formatCount } from '../../../shared/count-format';
import { useApi } from '../../hooks/useApi';
import { ServerIcon } from '../../ui/ServerIcon';
import { Combobox, type PickerValue } from './Combobox';
import { useDebouncedValue } from './useDebouncedValue';

/** A pause in typing this long asks the Worker. */
const SEARCH_PAUSE_MS = 200;

interface PickerProps {
  label: string;
  labelClassName: string;
  value: PickerValue;
  onChange: (value: PickerValue) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
}

/** The text to search for: settled, and only while nothing is picked. */
function useSearchText(value: PickerValue): string | null {
  const settled = useDebouncedValue(value.pickedId === null ? value.text.trim() : '', SEARCH_PAUSE_MS);
  return settled === '' ? null : settled;
}

/** Under the field: what the form will send. */
function hintOf(value: PickerValue, what: string): string | undefined {
  if (value.pickedId !== null) return `${what} ID ${value.pickedId}`;
  if (isSnowflake(value.text.trim())) return `${what} ID as typed`;
  return undefined;
}

/** An option's id: at the right on a wide screen, under the name (after `detail`) on a phone. */
const optionText = (name: string, detail: string | null, id: string) => (
  <>
    <span className="min-w-0">
      <span className="block truncate font-medium">{name}</span>
      <span className="block truncate text-xs text-gray-600 dark:text-gray-400">
        {detail}
        <span className="font-mono sm:hidden">{detail ? ` · ${id}` : id}</span>
      </span>
    </span>
    <span className="ml-auto hidden shrink-0 pl-2 font-mono text-xs text-gray-600 sm:inline dark:text-gray-400">{id}</span>
  </>
);

export function ServerPicker(props: PickerProps) {
  const search = useSearchText(props.value);
  const { data, isLoading } = useApi(search === null ? null : apiKeys.adminServerSearch(search), { keepPreviousData: true });
  return (
    <Combobox
      {...props}
      placeholder="Server name or ID"
      options={search === null ? [] : (data?.servers ?? [])}
      loading={isLoading || search !== (props.value.text.trim() || null)}
      optionText={(s) => s.name}
      noMatch={(text) => `No server of the bot starts with "${text}".`}
      hint={hintOf(props.value, 'Server')}
      renderOption={(s) => (
        <>
          <ServerIcon id={s.id} name={s.name} icon={s.icon} size={28} />
          {optionText(s.name, `${formatCount(s.memberCount)} members`, s.id)}
        </>
      )}
    />
  );
}

export function UserPicker(props: PickerProps) {
  const search = useSearchText(props.value);
  const { data, isLoading } = useApi(search === null ? null : apiKeys.adminUserSearch(search), { keepPreviousData: true });
  return (
    <Combobox
      {...props}
      placeholder="Name, username or ID"
      options={search === null ? [] : (data?.users ?? [])}
      loading={isLoading || search !== (props.value.text.trim() || null)}
      optionText={(u) => u.name}
      noMatch={(text) => `No user the dashboard knows starts with "${text}".`}
      hint={hintOf(props.value, 'User')}
      renderOption={(u) => (
        <>
          <UserAvatar user={u} />
          {optionText(u.name, u.username && `@${u.username}`, u.id)}
        </>
      )}
    />
  );
}

function UserAvatar({ user }: { user: AdminUserOption }) {
  if (user.avatar) {
    return (
      <img
        src={`https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png?size=64`}
        alt=""
        width={28}
        height={28}
        className="size-7 shrink-0 rounded-full object-cover"
        loading="lazy"
      />
    );
  }
  return (
    <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-500 text-xs font-bold text-white">
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
