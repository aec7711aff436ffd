import { useLocation } from '../../navigation';
import type { AllowedServer } from '../../../shared/servers';
import type { SectionName } from '../../../shared/settings/registry';
import { serverSettingsPath } from '../../../shared/settings/paths';
import { fieldClass } from '../../ui/fields';

/** Another server the user manages, one choice away, at the same module (the list is the server list's, sent with the page). */
export function ServerSwitcher({ servers, current, section }: { servers: readonly AllowedServer[] | undefined; current: string; section: SectionName | null }) {
  const [, navigate] = useLocation();
  if (!servers || servers.length < 2) return null;
  return (
    <label className="mt-2 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
      Switch server
      <select value={current} onChange={(event) => navigate(serverSettingsPath(event.target.value, section))} className={`${fieldClass.compact} py-1`}>
        {servers.map((server) => (
          <option key={server.id} value={server.id}>
            {server.name}
          </option>
        ))}
      </select>
    </label>
  );
}
