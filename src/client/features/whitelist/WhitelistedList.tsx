import type { OwnerWhitelistEntry } from '../../../shared/licences';
import type { ServerSummary } from '../../../shared/servers';
import { UNKNOWN_NAME } from '../../../shared/whitelist';
import { ServerIcon } from '../../ui/ServerIcon';
import { expiryText } from './entry-text';

/** The user's whitelisted servers, each with its icon, name and expiry. */
export function WhitelistedList({ entries, servers }: { entries: readonly OwnerWhitelistEntry[]; servers: readonly ServerSummary[] }) {
  return (
    <ul aria-label="Whitelisted servers" className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {entries.map((entry) => {
        const name = entry.serverName ?? UNKNOWN_NAME;
        return (
          <li key={entry.serverID} className="flex items-center gap-3 px-3 py-2.5">
            <ServerIcon id={entry.serverID} name={name} icon={servers.find((s) => s.id === entry.serverID)?.icon ?? null} size={32} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{name}</span>
              <span
                className={`block text-xs ${entry.active ? 'text-gray-600 dark:text-gray-400' : 'font-medium text-red-700 dark:text-red-400'}`}
              >{`${expiryText(entry)}${entry.adminMade ? ' · added by an admin' : ''}`}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
