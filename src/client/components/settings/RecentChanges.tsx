import { useState } from 'react';
import { fieldKind, isSectionName, isSettingKey, type ServerSettingsResponse, type SettingsAuditEntry } from '../../../shared/settings';
import { apiKeys } from '../../../shared/api-keys';
import { useApi } from '../../hooks/useApi';
import { auditLabel } from '../../../shared/settings-registry';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored value as a person reads it: role and channel names, on/off, lists. */
function describe(entry: SettingsAuditEntry, value: unknown, settings: ServerSettingsResponse): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  const section = entry.section;
  const kind = isSectionName(section) && isSettingKey(section, entry.key) ? fieldKind(section, entry.key) : null;
  if (kind === 'toggle') return value === true ? 'on' : 'off';
  if ((kind === 'role' || kind === 'assignableRole') && typeof value === 'string') {
    return `@${settings.roles.find((role) => role.id === value)?.name ?? value}`;
  }
  if (kind === 'textChannel' && typeof value === 'string') {
    return `#${settings.channels.find((channel) => channel.id === value)?.name ?? value}`;
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function what(entry: SettingsAuditEntry): string {
  if (!isSectionName(entry.section)) return `${entry.section} ${entry.key}`;
  return auditLabel(entry.section, entry.key);
}

/** Beyond the spec: the last changes of this server, who made them and when. Loaded when opened. */
export function RecentChanges({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-8 rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-lg font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500">Recent changes</summary>
      {open && <ChangeList serverId={serverId} settings={settings} />}
    </details>
  );
}

function ChangeList({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const { data, error, isLoading } = useApi(apiKeys.settingsAudit(serverId), { revalidateIfStale: true });
  if (error) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
        {`Could not load the recent changes: ${error.message}`}
      </p>
    );
  }
  if (isLoading || !data)
    return (
      <p role="status" className="mt-3 text-sm text-gray-600 dark:text-gray-400">
        Loading recent changes…
      </p>
    );
  if (data.entries.length === 0) return <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">No changes have been saved yet.</p>;
  return (
    <ol aria-label="Recent changes" className="mt-3 divide-y divide-gray-100 dark:divide-gray-800">
      {data.entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span>
            <span className="font-medium">{entry.userName}</span>
            {' changed '}
            <span className="font-medium">{what(entry)}</span>
            {` from ${describe(entry, entry.oldValue, settings)} to ${describe(entry, entry.newValue, settings)}`}
          </span>
          <time dateTime={new Date(entry.createdAt).toISOString()} className="shrink-0 text-xs text-gray-600 dark:text-gray-400">
            {when.format(entry.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
