import { useLocation, useSearch } from 'wouter';
import { isSnowflake } from '../../shared/discord-ids';
import { isAccessDenial, mayChange, type AccessDeniedResponse } from '../../shared/server-access';
import { useSWRConfig } from 'swr';
import NotFound from './NotFound';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { fieldKind, missingRequiredFields, requiredFields, settingKeys, type ServerSettingsResponse } from '../../shared/settings/index';
import { moduleSpec, saveLabel, type SectionName } from '../../shared/settings/registry';
import { ENABLE_INTENT_PARAM, sectionOfSlug, serverSettingsPath, serverSettingsTitle } from '../../shared/settings/paths';
import { apiKeys, inviteHref } from '../../shared/api-keys';
import { useApi } from '../hooks/useApi';
import { LoginPrompt } from '../layout/LoginPrompt';
import { ServerIcon } from '../ui/ServerIcon';
import { StaleDataNotice } from '../ui/StaleDataNotice';
import { fieldClass } from '../ui/fields';
import { buttonClass } from '../ui/buttons';
import { ReadOnlyView, SectionCard, SwitchIntent } from '../features/settings/controls';
import { ModuleIcon } from '../features/settings/ModuleIcon';
import { ModuleNav } from '../features/settings/ModuleNav';
import { ModuleOverview } from '../features/settings/ServerOverview';
import { KIND_CONTROLS } from '../features/settings/kind-controls';
import { settingControlId, SettingField } from '../features/settings/SettingField';
import { isFieldShown } from '../features/settings/field-shown';
import { FieldGroupBox, fieldRuns } from '../features/settings/FieldGroup';
import { AccessPanel } from '../features/settings/AccessPanel';
import { NoAccess } from '../features/settings/NoAccess';
import { LicenceBadge, NoWhitelistNotice } from '../features/whitelist/LicenceBanner';
import { RecentChanges } from '../features/settings/RecentChanges';
import { SettingsTransfer } from '../features/settings/SettingsTransfer';
import { fieldId, useSettingsSaver } from '../features/settings/useSettingsSaver';
import { useLiveSettings } from '../features/settings/useLiveSettings';
import { LiveIndicator } from '../features/settings/LiveIndicator';
import { useAuth } from '../session/useAuth';

export default function ServerSettingsPage({ params }: { params: Record<string, string> }) {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  const serverId = params.serverId ?? '';
  // Same answer as the server's: an id that is not a Discord id, or a module the bot does not have, has no page.
  if (!isSnowflake(serverId)) return <NotFound />;
  const section = params.module === undefined ? null : sectionOfSlug(params.module);
  if (params.module !== undefined && section === null) return <NotFound />;
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

/** Another server the user manages, one choice away, at the same module (the list is the server list's, sent with the page). */
function ServerSwitcher({ current, section }: { current: string; section: SectionName | null }) {
  const { data: servers } = useApi(apiKeys.allowedServers);
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

/** The saved field was the last one the module's switch needed, and the module is still off. */
function canTurnOn(section: SectionName, key: string, answer: ServerSettingsResponse): boolean {
  const values = answer[section] as Record<string, unknown>;
  return requiredFields(section).includes(key) && values.enabled === false && missingRequiredFields(section, answer[section]).length === 0;
}

/**
 * The switch turned on before its fields were set (`?enable=1`): arming it takes the person to the first
 * missing field, and the module turns on once the last one is saved. Only a save turns it on, never a page load.
 */
function useEnableIntent(serverId: string, section: SectionName | null) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const armed = section !== null && new URLSearchParams(search).has(ENABLE_INTENT_PARAM);
  const armedRef = useRef<SectionName | null>(null);
  useEffect(() => {
    armedRef.current = armed ? section : null;
  }, [armed, section]);
  const setArmed = (on: boolean) => {
    if (section === null) return;
    const path = serverSettingsPath(serverId, section);
    navigate(on ? `${path}?${ENABLE_INTENT_PARAM}=1` : path, { replace: true });
    armedRef.current = on ? section : null;
  };
  return { armed, armedRef, setArmed };
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

/** The bot left the server while the page was open: what is shown stays, nothing can be changed. */
function BotLeftNotice({ serverId, canInvite }: { serverId: string; canInvite: boolean }) {
  return (
    <div
      id="bot-left-notice"
      role="status"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        <strong>The bot has left this server.</strong> Its settings are shown as they were and can&apos;t be changed until the bot is added again.
      </p>
      {canInvite && (
        <a href={inviteHref(serverId)} className={`${buttonClass.secondary} shrink-0 self-start sm:self-auto`}>
          Add bot
        </a>
      )}
    </div>
  );
}

const bone = 'rounded-md bg-gray-200 dark:bg-gray-800';

/** The page's shape while the settings load: title, navigation and cards. */
function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading the server settings" className="mt-4 animate-pulse motion-reduce:animate-none">
      <div className={`h-9 w-64 ${bone}`} />
      <div className={`mt-3 h-4 w-80 max-w-full ${bone}`} />
      <div className="mt-8 flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <div className="flex flex-col gap-2">
          <div className={`h-11 w-full ${bone}`} />
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className={`hidden h-9 w-full md:block ${bone}`} />
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

/** Moving between the overview and a module puts the focus (and the screen) at the start of the new view. */
function useFocusOnViewChange(view: RefObject<HTMLDivElement | null>, section: SectionName | null) {
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    const element = view.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    if (element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [view, section]);
}

function ServerSettings({ serverId, section }: { serverId: string; section: SectionName | null }) {
  // The server's first paint of a page this user may not open carries the 403 instead of settings: nothing to fetch.
  const deniedAtFirstPaint = useSWRConfig().fallback[apiKeys.serverSettingsDenied(serverId)] as AccessDeniedResponse | undefined;
  const { data, error, isLoading, mutate } = useApi(deniedAtFirstPaint ? null : apiKeys.serverSettings(serverId));
  const { data: servers } = useApi(apiKeys.allowedServers);
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
            <ServerSwitcher current={serverId} section={section} />
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
            <ModuleView
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

interface ModuleViewProps {
  section: SectionName;
  data: ServerSettingsResponse;
  readOnly: boolean;
  /** The id of the notice saying why the page cannot change anything. */
  readOnlyNote: string | undefined;
  saving: ReadonlySet<string>;
  outcomes: ReturnType<typeof useSettingsSaver>['outcomes'];
  armed: boolean;
  onArm: (on: boolean) => void;
  change: (section: SectionName, key: string) => (value: unknown) => void;
  dismiss: (section: SectionName, key: string) => void;
}

/** One module: its switch and fields. */
function ModuleView({ section, data, readOnly, readOnlyNote, saving, outcomes, armed, onArm, change, dismiss }: ModuleViewProps) {
  const spec = moduleSpec(section);
  // A field written along with another (a message's channel) has no control, and no row to leave a gap.
  const keys = settingKeys(section).filter(
    (key) => KIND_CONTROLS[fieldKind(section, key)] !== null && isFieldShown(section, key, data[section] as Record<string, unknown>),
  );
  const missing = new Set(missingRequiredFields(section, data[section]));
  const field = (key: string) => (
    // The fields an armed switch waits for are marked until they are set.
    <div key={key} className={armed && missing.has(key) ? '-m-1.5 rounded-lg p-1.5 ring-2 ring-indigo-500' : undefined}>
      <SettingField
        section={section}
        fieldKey={key}
        data={data}
        saving={saving.has(fieldId(section, key))}
        outcome={outcomes.get(fieldId(section, key))}
        onChange={change(section, key)}
        onDismiss={() => dismiss(section, key)}
      />
    </div>
  );
  return (
    <>
      {!readOnly && <p className="text-sm text-gray-600 dark:text-gray-400">Every change is saved as soon as you make it.</p>}
      {/* A disabled fieldset disables every control inside it: a reader sees the settings and changes none. */}
      <fieldset disabled={readOnly} aria-describedby={readOnlyNote} className="group/settings m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">Settings</legend>
        <SectionCard
          id={section}
          title={spec.title}
          description={spec.description}
          icon={<ModuleIcon name={spec.icon} />}
          wide={keys.some((key) => fieldKind(section, key) === 'commands')}
        >
          <ReadOnlyView.Provider value={readOnly}>
            <SwitchIntent.Provider value={{ armed, onBlocked: () => onArm(!armed) }}>
              {fieldRuns(section, keys).map((run) =>
                'group' in run ? (
                  <FieldGroupBox key={run.group.id} section={section} group={run.group}>
                    {run.keys.map(field)}
                  </FieldGroupBox>
                ) : (
                  field(run.key)
                ),
              )}
            </SwitchIntent.Provider>
          </ReadOnlyView.Provider>
        </SectionCard>
      </fieldset>
    </>
  );
}
