import { useState } from 'react';
import { apiKeys } from '../../../shared/api-keys';
import type { LicenceState } from '../../../shared/settings';
import { SUPPORT_URL } from '../../../shared/constants';
import { useApi } from '../../hooks/useApi';
import { modalButton } from '../Modal';
import { useWhitelist, whitelistStatus } from '../whitelist/useWhitelist';
import { ManageWhitelistModal } from '../whitelist/WhitelistModals';

// A fixed zone and locale so the server-rendered date and the hydrated one are the same text.
export const licenceDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const link = 'font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-current';
const box = 'mt-6 rounded-xl border px-4 py-3 text-sm';

interface Props {
  serverId: string;
  licence: LicenceState;
  /** The licence changed here (whitelisted from the banner): the page reloads its settings. */
  onLicensed: () => void;
  /** Whether the user manages the server (only they can whitelist it); others only see its state. */
  canLicense: boolean;
}

/**
 * The one rule for a server without an active license: its settings open, and this banner says so and how to
 * act. An owner with no whitelisted server at all gets the 'No Whitelisted Servers' notice; whitelisting this
 * server is one dialog away.
 */
export function LicenceBanner({ canLicense, ...props }: Props) {
  if (props.licence.active) return null;
  if (!canLicense) {
    return (
      <p role="note" className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50`}>
        <strong>{props.licence.expiresAt === null ? 'Not licensed.' : 'License expired.'}</strong> The bot&apos;s licensed features are off in this server; its
        managers can whitelist it.
      </p>
    );
  }
  return <UnlicensedBanner {...props} />;
}

function UnlicensedBanner({ serverId, licence, onLicensed }: Omit<Props, 'canLicense'>) {
  const whitelist = useWhitelist();
  const { data: servers } = useApi(apiKeys.allowedServers);
  const [manageOpen, setManageOpen] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const supportUrl = whitelist.data?.supportUrl ?? SUPPORT_URL;

  const openManage = () => {
    setManageOpen(true);
    void whitelist.mutate();
  };
  const dialog = (
    <ManageWhitelistModal
      open={manageOpen}
      onClose={() => setManageOpen(false)}
      {...whitelistStatus(whitelist)}
      servers={servers ?? []}
      preselect={serverId}
      add={async (newServerID, oldServerID) => {
        const outcome = await whitelist.add(newServerID, oldServerID);
        if (outcome.kind === 'added' && newServerID === serverId) {
          setManageOpen(false);
          onLicensed();
        }
        return outcome;
      }}
    />
  );
  const whitelistButton = (
    <button type="button" onClick={openManage} aria-haspopup="dialog" className={`${modalButton.primary} shrink-0`}>
      Whitelist this server
    </button>
  );

  if (licence.expiresAt !== null) {
    return (
      <p role="note" className={`${box} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}>
        <strong>License expired</strong> on {licenceDate.format(licence.expiresAt)}. The bot&apos;s licensed features are off in this server.{' '}
        <a href={supportUrl} className={link} target="_blank" rel="noopener noreferrer">
          Renew it through the support server
        </a>
        .
      </p>
    );
  }

  const noWhitelist = whitelist.data !== undefined && !whitelist.data.entries.some((e) => e.active);
  if (noWhitelist && !noticeClosed) {
    return (
      <section
        aria-labelledby="no-whitelist-heading"
        className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50`}
      >
        <h2 id="no-whitelist-heading" className="text-base font-semibold">
          No Whitelisted Servers
        </h2>
        <p className="mt-1">
          The bot needs a license to work in this server. Whitelist it now, or join our support community to get or renew a license. You can look around the
          settings either way.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {whitelistButton}
          <a href={supportUrl} target="_blank" rel="noopener noreferrer" className={modalButton.secondary}>
            Join the support community
          </a>
          <button type="button" onClick={() => setNoticeClosed(true)} className={modalButton.secondary}>
            Close
          </button>
        </div>
        {dialog}
      </section>
    );
  }

  return (
    <div
      role="note"
      className={`${box} flex flex-wrap items-center gap-3 border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50`}
    >
      <p className="min-w-0 flex-1">
        <strong>Not licensed.</strong> The bot needs a license to work in this server.
      </p>
      {whitelistButton}
      {dialog}
    </div>
  );
}
