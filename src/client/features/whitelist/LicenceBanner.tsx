import { useState } from 'react';
import { apiKeys } from '../../../shared/api-keys';
import type { LicenceState } from '../../../shared/settings/index';
import { SUPPORT_URL } from '../../../shared/constants';
import { useApi } from '../../hooks/useApi';
import { buttonClass } from '../../ui/buttons';
import { licenceBadge, LicencePill } from '../../ui/LicencePill';
import { ManageWhitelistModal } from './ManageWhitelistModal';
import { useWhitelist, whitelistStatus } from './useWhitelist';
import { formatUtcDate } from '../../../shared/utc-date';

interface Props {
  serverId: string;
  licence: LicenceState;
  /** The licence changed here (whitelisted from the page): the page reloads its settings. */
  onLicensed: () => void;
  /** Whether the user manages the server (only they can whitelist it); others only see its state. */
  canLicense: boolean;
}

/**
 * The license at a glance, beside the server's name: its state as a badge, the 'License expires' date of the
 * spec, and what its manager can do about it as a button (whitelist it, or renew through the support server).
 */
export function LicenceBadge({ canLicense, ...props }: Props) {
  const { tone } = licenceBadge(props.licence);
  const { expiresAt } = props.licence;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm" data-testid="licence">
      <LicencePill licence={props.licence} />
      {expiresAt !== null && (
        <span data-testid="licence-expiry">
          <span className="text-gray-600 dark:text-gray-400">License expires: </span>
          <time dateTime={new Date(expiresAt).toISOString()} className="font-medium">
            {formatUtcDate(expiresAt, 'long')}
          </time>
        </span>
      )}
      {canLicense && tone === 'none' && <WhitelistAction {...props} />}
      {canLicense && (tone === 'expired' || tone === 'expiring') && <RenewAction />}
    </div>
  );
}

/** 'Whitelist this server': the whitelist dialog with this server chosen. */
function WhitelistAction({ serverId, onLicensed }: Omit<Props, 'canLicense' | 'licence'>) {
  const whitelist = useWhitelist();
  const { data: servers } = useApi(apiKeys.allowedServers);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          void whitelist.mutate();
        }}
        aria-haspopup="dialog"
        className={`${buttonClass.primary} shrink-0`}
      >
        Whitelist this server
      </button>
      <ManageWhitelistModal
        open={open}
        onClose={() => setOpen(false)}
        {...whitelistStatus(whitelist)}
        servers={servers ?? []}
        preselect={serverId}
        add={async (newServerID, oldServerID) => {
          const outcome = await whitelist.add(newServerID, oldServerID);
          if (outcome.kind === 'added' && newServerID === serverId) {
            setOpen(false);
            onLicensed();
          }
          return outcome;
        }}
      />
    </>
  );
}

function RenewAction() {
  const whitelist = useWhitelist();
  return (
    <a href={whitelist.data?.supportUrl ?? SUPPORT_URL} target="_blank" rel="noopener noreferrer" className={`${buttonClass.primary} shrink-0`}>
      Renew through the support server
    </a>
  );
}

/**
 * SPEC: an owner with no whitelisted server at all gets the 'No Whitelisted Servers' notice, with the support
 * community and Close; 'Whitelist this server' sits beside the badge. Its settings open either way.
 */
export function NoWhitelistNotice({ canLicense, licence }: Pick<Props, 'canLicense' | 'licence'>) {
  if (!canLicense || licence.expiresAt !== null) return null;
  return <NoWhitelist />;
}

function NoWhitelist() {
  const whitelist = useWhitelist();
  const [closed, setClosed] = useState(false);
  const noWhitelist = whitelist.data !== undefined && !whitelist.data.entries.some((e) => e.active);
  if (!noWhitelist || closed) return null;
  return (
    <section
      aria-labelledby="no-whitelist-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="no-whitelist-heading" className="text-base font-semibold">
        No Whitelisted Servers
      </h2>
      <p className="mt-1">
        The bot needs a license to work in this server. Whitelist it, or join our support community to get or renew a license. You can look around the settings
        either way.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={whitelist.data?.supportUrl ?? SUPPORT_URL} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
          Join the support community
        </a>
        <button type="button" onClick={() => setClosed(true)} className={buttonClass.secondary}>
          Close
        </button>
      </div>
    </section>
  );
}
