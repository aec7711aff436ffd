import { useState } from 'react';
import { toast } from '../../ui/toast';
import { apiKey, inviteHref } from '../../../shared/api-keys';
import { SUPPORT_URL, TOAST_SUCCESS_MS } from '../../../shared/constants';
import { getJson } from '../../api';
import { LoginPrompt } from '../../layout/LoginPrompt';
import { StaleDataNotice } from '../../ui/StaleDataNotice';
import { ServerIcon } from '../../ui/ServerIcon';
import { ServerCard } from '../../features/servers/ServerCard';
import { buttonClass } from '../../ui/buttons';
import { compactButtonClass } from '../../ui/dense-buttons';
import { useWhitelist, whitelistStatus } from '../../features/whitelist/useWhitelist';
import { ManageWhitelistModal } from '../../features/whitelist/ManageWhitelistModal';
import { useAuth } from '../../session/useAuth';
import { usePageData } from '../../usePageData';
import { serversRoute } from './route';

export default function ServerList() {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  return <Servers />;
}

function Servers() {
  const { data: servers, error, mutate, isLoading } = usePageData(serversRoute, {}, 'allowed');
  const { data: invitable, mutate: mutateInvitable } = usePageData(serversRoute, {}, 'invitable');
  const [refreshing, setRefreshing] = useState(false);
  const whitelist = useWhitelist();
  const [manageOpen, setManageOpen] = useState(false);
  // 'Whitelist this server' on a card opens the dialog with that server chosen.
  const [preselect, setPreselect] = useState<string | undefined>(undefined);

  const openManage = (serverId?: string) => {
    setPreselect(serverId);
    setManageOpen(true);
    // 'Manage Whitelist' loads the whitelist: show what is known at once, and bring it up to date.
    void whitelist.mutate();
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await mutate(await getJson(apiKey('/allowed-servers', { refresh: '1' })), { revalidate: false });
      await mutateInvitable();
      toast.success('Server list refreshed', { duration: TOAST_SUCCESS_MS });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not refresh the server list.');
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Your Servers</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => openManage()} aria-haspopup="dialog" className={buttonClass.primary}>
            Manage Whitelist
          </button>
          <button type="button" onClick={() => void refresh()} disabled={refreshing} className={buttonClass.secondary}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </div>

      <StaleDataNotice asOf={whitelist.data?.stale ? whitelist.data.asOf : undefined} detail="New servers and changes in Discord show once it is back." />
      {error && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error.message}
        </p>
      )}
      {isLoading && (
        <p className="mt-6 text-gray-600 dark:text-gray-400" role="status">
          Loading your servers…
        </p>
      )}
      {servers?.length === 0 && (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center dark:border-gray-700">
          <h2 className="text-lg font-semibold">Add the bot to a server you manage</h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {invitable && invitable.length > 0
              ? 'Your servers without the bot are listed below; add it to one and it shows up here.'
              : 'Servers you own, or where you have Manage Server, show up here once the bot is in them.'}
          </p>
          <a href={inviteHref()} className={`${buttonClass.primary} mt-4`}>
            Add to Discord
          </a>
        </div>
      )}
      {servers && servers.length > 0 && (
        <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {servers.map((s) => (
            <ServerCard
              key={s.id}
              server={s}
              licence={whitelist.data && (whitelist.data.licences.find((l) => l.serverID === s.id) ?? null)}
              supportUrl={whitelist.data?.supportUrl ?? SUPPORT_URL}
              onWhitelist={openManage}
            />
          ))}
        </ul>
      )}

      {invitable && invitable.length > 0 && (
        <section aria-labelledby="invitable-heading" className="mt-12">
          <h2 id="invitable-heading" className="text-xl font-semibold">
            Servers without the bot
          </h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">You manage these servers, but the bot is not in them yet.</p>
          <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {invitable.map((s) => (
              <li key={s.id} className="flex items-center gap-4 rounded-xl border border-dashed border-gray-300 p-4 dark:border-gray-700">
                <ServerIcon id={s.id} name={s.name} icon={s.icon} size={40} />
                <span className="min-w-0 flex-1 truncate font-medium">{s.name}</span>
                <a href={inviteHref(s.id)} className={compactButtonClass.primary} aria-label={`Add bot to ${s.name}`}>
                  Add bot
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ManageWhitelistModal
        open={manageOpen}
        onClose={() => setManageOpen(false)}
        {...whitelistStatus(whitelist)}
        servers={[...(servers ?? []), ...(invitable ?? [])]}
        preselect={preselect}
        add={whitelist.add}
      />
    </section>
  );
}
