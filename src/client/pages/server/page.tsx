import { useEffect, useLayoutEffect, useRef } from 'react';
import { useFirstPaintData } from '../../first-paint-data';
import { apiKeys } from '../../../shared/api-keys';
import { isAccessDenial, mayChange, type AccessDeniedResponse } from '../../../shared/server-access';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { missingRequiredFields } from '../../../shared/settings/values';
import { saveLabel, type SectionName } from '../../../shared/settings/registry';
import { sectionOfSlug, serverSettingsTitle } from '../../../shared/settings/paths';
import { LoginPrompt } from '../../layout/LoginPrompt';
import { useAuth } from '../../session/useAuth';
import { AccessPanel } from '../../features/settings/AccessPanel';
import { LicenceBadge, NoWhitelistNotice } from '../../features/whitelist/LicenceBanner';
import { LiveIndicator } from '../../features/settings/LiveIndicator';
import { ModuleNav } from '../../features/settings/ModuleNav';
import { moduleView } from '../../features/settings/lazy-module-view';
import { BotLeftNotice, ReadOnlyBanner } from '../../features/settings/ReadOnlyNotices';
import { RecentChanges } from '../../features/settings/RecentChanges';
import { ModuleOverview } from '../../features/settings/ServerOverview';
import { ServerSwitcher } from '../../features/settings/ServerSwitcher';
import { NoAccess } from '../../features/settings/NoAccess';
import { settingControlId } from '../../features/settings/setting-control-id';
import { SettingsSkeleton } from '../../features/settings/SettingsSkeleton';
import { SettingsTransfer } from '../../features/settings/SettingsTransfer';
import { canTurnOn, useEnableIntent } from '../../features/settings/useEnableIntent';
import { useFocusOnViewChange } from '../../features/settings/useFocusOnViewChange';
import { useLiveSettings } from '../../features/settings/useLiveSettings';
import { useSettingsSaver } from '../../features/settings/useSettingsSaver';
import { ServerIcon } from '../../ui/ServerIcon';
import { StaleDataNotice } from '../../ui/StaleDataNotice';
import type { PageProps } from '../../lazy-component';
import { usePageData } from '../../usePageData';
import NotFound from '../not-found/page';
import { serverRoute } from './route';
import { notFound } from './rules';
import './page.css';

/** A module's address draws the module view, whose chunk the overview never loads (PageModule.preloadFor). */
export const preloadFor = ({ module }: PageProps['params']): Promise<void> | undefined =>
  module === undefined || moduleView.isLoaded() ? undefined : moduleView.preload();

export default function ServerSettingsPage({ params }: PageProps) {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  // The route's own rule, as the Worker applies it: an id that is not a Discord id, or a module the bot does not have, has no page.
  if (notFound(params)) return <NotFound />;
  const serverId = params.serverId ?? '';
  const section = params.module === undefined ? null : sectionOfSlug(params.module);
  // One component per server, whatever the module: moving between modules keeps the loaded settings.
  return <ServerSettings key={serverId} serverId={serverId} section={section} />;
}

const backLink = (
  <a
    href="/servers"
    className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
  >
    <span aria-hidden="true">←</span> Back to servers
  </a>
);

function ServerSettings({ serverId, section }: { serverId: string; section: SectionName | null }) {
  // The server's first paint of a page this user may not open carries the 403 instead of settings: nothing to fetch.
  const deniedAtFirstPaint = useFirstPaintData()[apiKeys.serverSettingsDenied(serverId)] as AccessDeniedResponse | undefined;
  const params = { serverId };
  const { data, error, isLoading, mutate } = usePageData(serverRoute, params, 'settings', !deniedAtFirstPaint);
  const { data: servers } = usePageData(serverRoute, params, 'allowed');
  const intent = useEnableIntent(serverId, section);
  const view = useRef<HTMLDivElement>(null);
  useFocusOnViewChange(view, section);
  // The saver's own `save`, for its onSaved callback (which is handed over before `save` exists).
  const saveRef = useRef<ReturnType<typeof useSettingsSaver>['save'] | null>(null);
  const { save, saving, outcomes, dismiss } = useSettingsSaver(serverId, data, (saved, key, answer) => {
    if (intent.armedRef.current !== saved) return;
    // The last field the armed switch needed is saved: the module turns on, as asked.
    if (key === 'enabled') intent.setArmed(false);
    else if (canTurnOn(saved, key, answer)) {
      intent.setArmed(false);
      void saveRef.current?.(saved, 'enabled', true, saveLabel(saved, 'enabled'));
    }
  });
  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);
  const live = useLiveSettings(serverId, data, saving.size > 0);
  const serverName = data?.name;
  useEffect(() => {
    if (serverName !== undefined) document.title = serverSettingsTitle(serverName, section);
  }, [serverName, section]);

  const denial = deniedAtFirstPaint ?? (error?.status === 403 && isAccessDenial(error.code) ? { code: error.code, error: error.message } : undefined);
  if (!data && denial) return <NoAccess serverId={serverId} denial={denial} />;
  // A server this user is not in answers the 404 page, like the server does.
  if (!data && error?.status === 403) return <NotFound />;
  if (!data) {
    return (
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {backLink}
        {error ? (
          <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {error.message}
          </p>
        ) : (
          isLoading && <SettingsSkeleton />
        )}
      </section>
    );
  }

  // Once the bot has left, every change would be refused: the page is a reader's (told by the socket, or by a refetch).
  const botLeft = live.botLeft || error?.code === 'BOT_NOT_IN_SERVER';
  const shown: ServerSettingsResponse = botLeft ? { ...data, access: 'read' } : data;
  const readOnly = !mayChange(shown);
  const readOnlyNote = botLeft ? 'bot-left-notice' : data.access === 'read' ? 'read-only-banner' : undefined;
  // The fieldset below disables the controls; a reader's page never sends a save either way.
  const change = (changed: SectionName, key: string) => (value: unknown) => {
    if (!readOnly) void save(changed, key, value, saveLabel(changed, key));
  };
  const canLicense = shown.access === 'manage' && mayChange(shown);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {backLink}
      <header className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <ServerIcon id={serverId} name={data.name} icon={servers?.find((server) => server.id === serverId)?.icon ?? null} />
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words">{data.name}</h1>
            <ServerSwitcher servers={servers} current={serverId} section={section} />
            <LiveIndicator status={live.status} />
          </div>
        </div>
        <LicenceBadge serverId={serverId} licence={data.whitelist} canLicense={canLicense} onLicensed={() => void mutate()} />
      </header>
      <StaleDataNotice asOf={data.stale ? data.asOf : undefined} detail="Changes are paused until Discord answers again." />
      {botLeft ? <BotLeftNotice serverId={serverId} canInvite={data.access === 'manage'} /> : data.access === 'read' && <ReadOnlyBanner />}

      <div className="mt-8 flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <ModuleNav serverId={serverId} settings={shown} current={section} />
        <div ref={view} tabIndex={-1} className="flex min-w-0 scroll-mt-20 flex-col gap-6 outline-none">
          {section === null ? (
            <>
              <NoWhitelistNotice canLicense={canLicense} licence={data.whitelist} />
              <ModuleOverview
                serverId={serverId}
                settings={shown}
                switches={readOnly || data.stale ? undefined : { onSwitch: (module, on) => change(module, 'enabled')(on), saving, outcomes }}
              />
              <section aria-labelledby="backup-heading">
                <h2 id="backup-heading" className="text-xl font-semibold">
                  Backup and copy
                </h2>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
                  {readOnly ? 'Download these settings as a file.' : 'Download these settings as a file, restore a file, or copy another server’s settings.'}
                </p>
                <div className="mt-3">
                  <SettingsTransfer serverId={serverId} settings={shown} />
                </div>
              </section>
              <div>
                {shown.access === 'manage' && !data.stale && <AccessPanel serverId={serverId} settings={data} />}
                <RecentChanges serverId={serverId} settings={shown} />
              </div>
            </>
          ) : (
            <moduleView.Component
              section={section}
              data={shown}
              readOnly={readOnly}
              readOnlyNote={readOnlyNote}
              saving={saving}
              outcomes={outcomes}
              armed={intent.armed}
              onArm={(on) => {
                intent.setArmed(on);
                const missing = missingRequiredFields(section, data[section])[0];
                if (on && missing !== undefined) document.getElementById(settingControlId(section, missing))?.focus();
              }}
              change={change}
              dismiss={dismiss}
            />
          )}
        </div>
      </div>
    </section>
  );
}
