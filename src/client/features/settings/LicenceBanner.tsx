import { useState } from 'react';
import { apiKeys } from '../../../shared/api-keys';
import type { LicenceState } from '../../../shared/settings/index';
import { DAY_MS, SUPPORT_URL } from '../../../shared/constants';
import { useApi } from '../../hooks/useApi';
import { buttonClass } from '../../ui/buttons';
import { useWhitelist, whitelistStatus } from '../whitelist/useWhitelist';
import { ManageWhitelistModal } from '../whitelist/ManageWhitelistModal';

// A fixed zone and locale so the server-rendered date and the hydrated one are the same text.
export const licenceDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** From this many days before its end, an active license says how long it has left. */
export const LICENCE_WARNING_DAYS = 14;

export type LicenceTone = 'active' | 'expiring' | 'expired' | 'none';

/** The badge of a license: Active, Expires in N days, Expired or Not licensed. */
export function licenceBadge({ active, expiresAt }: LicenceState, now = Date.now()): { tone: LicenceTone; text: string } {
  if (expiresAt === null) return { tone: 'none', text: 'Not licensed' };
  if (!active) return { tone: 'expired', text: 'Expired' };
  const days = Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));
  if (days > LICENCE_WARNING_DAYS) return { tone: 'active', text: 'Active' };
  if (days === 0) return { tone: 'expiring', text: 'Expires today' };
  return { tone: 'expiring', text: `Expires in ${days} ${days === 1 ? 'day' : 'days'}` };
}

// Text keeps 4.5:1 on its own background in both themes.
const TONE: Record<LicenceTone, string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  expiring: 'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  expired: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
  none: 'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
};

/** The license's state as a pill (the settings page's header, the server list's cards). */
export function LicencePill({ licence }: { licence: LicenceState }) {
  const { tone, text } = licenceBadge(licence);
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[tone]}`}>
      <span className="sr-only">License: </span>
      {text}
    </span>
  );
}

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
            {licenceDate.format(expiresAt)}
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
