import { Link, useLocation } from 'wouter';
import { isSnowflake } from '../../shared/discord-ids';
import { isAccessDenial, mayChange, type AccessDeniedResponse } from '../../shared/server-access';
import { useSWRConfig } from 'swr';
import NotFound from './NotFound';
import { useState } from 'react';
import { fieldKind, missingRequiredFields, requiredFields, settingKeys, type ServerSettingsResponse } from '../../shared/settings';
import { moduleSpec, saveLabel, SECTION_NAMES, type SectionName } from '../../shared/settings-registry';
import { apiKeys } from '../../shared/api-keys';
import { useApi } from '../hooks/useApi';
import { LoginPrompt } from '../components/LoginPrompt';
import { StaleDataNotice } from '../components/StaleDataNotice';
import { SectionCard } from '../components/settings/controls';
import { ModuleIcon } from '../components/settings/ModuleIcon';
import { moduleAnchor, ModuleNav } from '../components/settings/ModuleNav';
import { SettingField } from '../components/settings/SettingField';
import { AccessPanel } from '../components/settings/AccessPanel';
import { NoAccess } from '../components/settings/NoAccess';
import { LicenceBanner, licenceDate } from '../components/settings/LicenceBanner';
import { RecentChanges } from '../components/settings/RecentChanges';
import { SettingsTransfer } from '../components/settings/SettingsTransfer';
import { fieldId, useSettingsSaver } from '../components/settings/useSettingsSaver';
import { useLiveSettings } from '../components/settings/useLiveSettings';
import { LiveIndicator } from '../components/settings/LiveIndicator';
import { useAuth } from '../hooks/useAuth';

export default function ServerSettingsPage({ params }: { params: Record<string, string> }) {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  const serverId = params.serverId ?? '';
  // Same answer as the server's: an id that is not a Discord id has no settings page.
  if (!isSnowflake(serverId)) return <NotFound />;
  return <ServerSettings key={serverId} serverId={serverId} />;
}

const backLink = (
  <Link
    href="/servers"
    className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
  >
    <span aria-hidden="true">←</span> Back to servers
  </Link>
);

/** Another server the user manages, one choice away (the list is the server list's, sent with the page). */
function ServerSwitcher({ current }: { current: string }) {
  const { data: servers } = useApi(apiKeys.allowedServers);
  const [, navigate] = useLocation();
  if (!servers || servers.length < 2) return null;
  return (
    <label className="mt-2 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
      Switch server
      <select
        value={current}
        onChange={(event) => navigate(`/server/${event.target.value}`)}
        className="rounded-lg border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100"
      >
        {servers.map((server) => (
          <option key={server.id} value={server.id}>
            {server.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The saved field was the last one the module's switch needed, and the module is still off. */
function canTurnOn(section: SectionName, key: string, answer: ServerSettingsResponse): boolean {
  const values = answer[section] as Record<string, unknown>;
  return requiredFields(section).includes(key) && values.enabled === false && missingRequiredFields(section, answer[section]).length === 0;
}

function TurnOnOffer({ title, onAccept, onDismiss }: { title: string; onAccept: () => void; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <p className="flex-1 font-medium">{`Turn on ${title}?`}</p>
      <button
        type="button"
        onClick={onAccept}
        className="rounded-md bg-indigo-600 px-3 py-1 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        Turn on
      </button>
      <button type="button" onClick={onDismiss} className="rounded-md px-2 py-1 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500">
        Not now
      </button>
    </div>
  );
}

/** For a role granted 'read': what they see is everything, and nothing can be changed. */
function ReadOnlyBanner() {
  return (
    <p
      id="read-only-banner"
      role="note"
      className="mt-6 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
    >
      <strong>Read-only.</strong> Your role can view this server&apos;s settings and recent changes, but not change them. Ask the server&apos;s owner for write
      access.
    </p>
  );
}

const bone = 'rounded-md bg-gray-200 dark:bg-gray-800';

/** The page's shape while the settings load: title, module list and cards. */
function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading the server settings" className="mt-4 animate-pulse motion-reduce:animate-none">
      <div className={`h-9 w-64 ${bone}`} />
      <div className={`mt-3 h-4 w-80 max-w-full ${bone}`} />
      <div className="mt-8 flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <div className="flex flex-wrap gap-2 md:flex-col">
          {SECTION_NAMES.map((section) => (
            <div key={section} className={`h-9 w-28 md:w-full ${bone}`} />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
              <div className={`h-6 w-40 ${bone}`} />
              <div className={`mt-3 h-4 w-full ${bone}`} />
              <div className={`mt-6 h-6 w-48 ${bone}`} />
              <div className={`mt-4 h-10 w-full ${bone}`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function ServerSettings({ serverId }: { serverId: string }) {
  // The server's first paint of a page this user may not open carries the 403 instead of settings: nothing to fetch.
  const deniedAtFirstPaint = useSWRConfig().fallback[apiKeys.serverSettingsDenied(serverId)] as AccessDeniedResponse | undefined;
  const { data, error, isLoading, mutate } = useApi(deniedAtFirstPaint ? null : apiKeys.serverSettings(serverId));
  // Filling the last field a switch needs offers to turn the module on, instead of leaving it silently off.
  const [offer, setOffer] = useState<SectionName | null>(null);
  const { save, saving, outcomes, dismiss } = useSettingsSaver(serverId, data, (section, key, answer) => {
    if (key === 'enabled') setOffer((current) => (current === section ? null : current));
    else if (canTurnOn(section, key, answer)) setOffer(section);
  });
  const live = useLiveSettings(serverId, data, saving.size > 0);

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

  const readOnly = !mayChange(data);
  // The fieldset below disables the controls; a reader's page never sends a save either way.
  const change = (section: SectionName, key: string) => (value: unknown) => {
    if (!readOnly) void save(section, key, value, saveLabel(section, key));
  };

  const { expiresAt, active } = data.whitelist;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {backLink}
      <header className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{data.name}</h1>
          <ServerSwitcher current={serverId} />
          <LiveIndicator status={live} />
          {!readOnly && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Every change is saved as soon as you make it.</p>}
          <div className="mt-3">
            <SettingsTransfer serverId={serverId} settings={data} />
          </div>
        </div>
        {expiresAt !== null && (
          <p className="text-sm" data-testid="licence-expiry">
            <span className="text-gray-600 dark:text-gray-400">License expires: </span>
            <time dateTime={new Date(expiresAt).toISOString()} className="font-medium">
              {licenceDate.format(expiresAt)}
            </time>
            {!active && (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Expired</span>
            )}
          </p>
        )}
      </header>
      <StaleDataNotice asOf={data.stale ? data.asOf : undefined} detail="Changes are paused until Discord answers again." />
      {data.access === 'read' && <ReadOnlyBanner />}
      <LicenceBanner serverId={serverId} licence={data.whitelist} canLicense={data.access === 'manage' && mayChange(data)} onLicensed={() => void mutate()} />

      <div className="mt-8 flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <ModuleNav settings={data} />
        {/* A disabled fieldset disables every control inside it: a reader sees the settings and changes none. */}
        <fieldset disabled={readOnly} aria-describedby={data.access === 'read' ? 'read-only-banner' : undefined} className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">Settings</legend>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {SECTION_NAMES.map((section) => {
              const spec = moduleSpec(section);
              const keys = settingKeys(section);
              return (
                <SectionCard
                  key={section}
                  id={section}
                  anchor={moduleAnchor(section)}
                  title={spec.title}
                  description={spec.description}
                  icon={<ModuleIcon name={spec.icon} />}
                  wide={keys.some((key) => fieldKind(section, key) === 'commands')}
                >
                  {offer === section && (
                    <TurnOnOffer
                      title={spec.title}
                      onAccept={() => {
                        setOffer(null);
                        change(section, 'enabled')(true);
                      }}
                      onDismiss={() => setOffer(null)}
                    />
                  )}
                  {keys.map((key) => (
                    <SettingField
                      key={key}
                      section={section}
                      fieldKey={key}
                      data={data}
                      saving={saving.has(fieldId(section, key))}
                      outcome={outcomes.get(fieldId(section, key))}
                      onChange={change(section, key)}
                      onDismiss={() => dismiss(section, key)}
                    />
                  ))}
                </SectionCard>
              );
            })}
          </div>
        </fieldset>
      </div>

      {data.access === 'manage' && !data.stale && <AccessPanel serverId={serverId} settings={data} />}
      <RecentChanges serverId={serverId} settings={data} />
    </section>
  );
}
