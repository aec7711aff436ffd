import type { ServerLicence } from '../../../shared/licences';
import type { AllowedServer } from '../../../shared/servers';
import { compactButtonClass } from '../../ui/dense-buttons';
import { licenceBadge, LicencePill } from '../../ui/LicencePill';
import { ServerIcon } from '../../ui/ServerIcon';
import { formatCount } from '../../../shared/count-format';

const PILL = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
const NEUTRAL = 'bg-gray-100 text-gray-800 ring-gray-500/30 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-400/30';
/** Above the card's link, at the card's foot: cards of a row keep their actions on one line. */
const ACTION = 'relative z-10 mt-auto self-start';
const MODULES_ON = 'bg-indigo-50 text-indigo-800 ring-indigo-600/30 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-400/30';

/** What the bot does there: how many modules are on, or that none is yet. */
export const botStateText = (modulesOn: number) => (modulesOn === 0 ? 'Needs setup' : `${modulesOn} ${modulesOn === 1 ? 'module' : 'modules'} on`);

interface Props {
  server: AllowedServer;
  /** The server's licence; undefined while the whitelist is unknown (nothing is said then). */
  licence: ServerLicence | null | undefined;
  supportUrl: string;
  onWhitelist: (serverId: string) => void;
}

/**
 * A server of the list: the card opens its settings; its license and the bot's state show as pills, with the one
 * action that fits beside them (whitelist it, or renew). A server a role grant opens says the access it gives.
 */
export function ServerCard({ server, licence, supportUrl, onWhitelist }: Props) {
  const manages = server.access === 'manage';
  const state = licence === undefined ? null : { expiresAt: licence?.expiresAt ?? null, active: licence?.active ?? false };
  const tone = state && licenceBadge(state).tone;
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 transition hover:border-indigo-500 hover:shadow dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-400">
      <div className="flex items-center gap-4">
        <ServerIcon id={server.id} name={server.name} icon={server.icon} />
        <div className="min-w-0">
          {/* The card's link: it covers the card, so the whole card opens the settings; the action sits above it. */}
          <a
            href={`/server/${server.id}`}
            className="block truncate font-semibold after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-500"
          >
            {server.name}
          </a>
          <span className="block text-sm text-gray-600 dark:text-gray-400">{`Users: ${formatCount(server.users)}`}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {manages ? (
          state && <LicencePill licence={state} />
        ) : (
          <span className={`${PILL} ${NEUTRAL}`} title="Granted by your role">
            {server.access === 'read' ? 'Read-only access' : 'Write access'}
          </span>
        )}
        <span className={`${PILL} ${server.modulesOn === 0 ? NEUTRAL : MODULES_ON}`}>
          <span className="sr-only">Bot: </span>
          {botStateText(server.modulesOn)}
        </span>
      </div>
      {manages && tone === 'none' && (
        <button type="button" aria-haspopup="dialog" onClick={() => onWhitelist(server.id)} className={`${compactButtonClass.primary} ${ACTION}`}>
          Whitelist this server
        </button>
      )}
      {manages && (tone === 'expired' || tone === 'expiring') && (
        <a
          href={supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Renew the license of ${server.name} through the support server`}
          className={`${compactButtonClass.primary} ${ACTION}`}
        >
          Renew
        </a>
      )}
    </li>
  );
}
