import { Link } from 'wouter';
import { formatIdList, missingRequiredFields, parseIdList, type SectionName, type SettingsValues } from '../../shared/settings';
import { apiKeys } from '../../shared/api-keys';
import { useApi } from '../hooks/useApi';
import { LoginPrompt } from '../components/LoginPrompt';
import { ChannelSelect, RoleSelect, SectionCard, TextSetting, Toggle } from '../components/settings/controls';
import { DisabledCommands } from '../components/settings/DisabledCommands';
import { fieldLabel, REQUIREMENT_NAMES, saveLabel, SECTION_TITLES } from '../components/settings/labels';
import { RecentChanges } from '../components/settings/RecentChanges';
import { fieldId, useSettingsSaver } from '../components/settings/useSettingsSaver';
import { useAuth } from '../hooks/useAuth';

// A fixed zone and locale so the server-rendered date and the hydrated one are the same text.
const licenceDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Sections with an on/off switch. */
type ToggleSection = { [S in SectionName]: 'enabled' extends keyof SettingsValues[S] ? S : never }[SectionName];

const optionalText = (value: string | null) => value ?? '';
const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

export default function ServerSettingsPage({ params }: { params: Record<string, string> }) {
  const { user } = useAuth();
  if (!user) return <LoginPrompt />;
  return <ServerSettings serverId={params.serverId ?? ''} />;
}

const backLink = (
  <Link
    href="/servers"
    className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
  >
    <span aria-hidden="true">←</span> Back to servers
  </Link>
);

function ServerSettings({ serverId }: { serverId: string }) {
  const { data, error, isLoading } = useApi(apiKeys.serverSettings(serverId));
  const { save, saving } = useSettingsSaver(serverId, data);

  if (!data) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        {backLink}
        {error ? (
          <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {error.message}
          </p>
        ) : (
          isLoading && (
            <p role="status" className="mt-6 text-gray-600 dark:text-gray-400">
              Loading the server settings…
            </p>
          )
        )}
      </section>
    );
  }

  const change = (section: SectionName, key: string) => (value: unknown) => void save(section, key, value, saveLabel(section, key));
  const isSaving = (section: SectionName, key: string) => saving.has(fieldId(section, key));
  const id = (section: SectionName, key: string) => `setting-${section}-${key}`;

  const toggle = (section: ToggleSection) => {
    const values = data[section];
    const missing = missingRequiredFields(section, values);
    const hint = missing.length === 0 ? null : `Set ${missing.map((key) => REQUIREMENT_NAMES[key] ?? key).join(' and ')} to enable ${SECTION_TITLES[section]}.`;
    return (
      <Toggle
        id={id(section, 'enabled')}
        label={fieldLabel(section, 'enabled')}
        checked={values.enabled}
        hint={hint}
        saving={isSaving(section, 'enabled')}
        onChange={change(section, 'enabled')}
      />
    );
  };

  const channel = (section: SectionName, key: string, value: string | null) => (
    <ChannelSelect
      id={id(section, key)}
      label={fieldLabel(section, key)}
      value={value}
      channels={data.channels}
      saving={isSaving(section, key)}
      onChange={change(section, key)}
    />
  );

  const role = (section: SectionName, key: string, value: string | null, assignable: boolean) => (
    <RoleSelect
      id={id(section, key)}
      label={fieldLabel(section, key)}
      value={value}
      roles={data.roles}
      guildId={data.id}
      assignable={assignable}
      botHighestRolePosition={data.botHighestRolePosition}
      saving={isSaving(section, key)}
      onChange={change(section, key)}
    />
  );

  const optionalField = (section: SectionName, key: string, value: string | null, options: { placeholder?: string; numeric?: boolean } = {}) => (
    <TextSetting
      id={id(section, key)}
      label={fieldLabel(section, key)}
      value={value}
      format={optionalText}
      parse={blankToNull}
      placeholder={options.placeholder}
      inputMode={options.numeric ? 'numeric' : 'text'}
      saving={isSaving(section, key)}
      onSave={change(section, key)}
    />
  );

  const { expiresAt, active } = data.whitelist;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {backLink}
      <header className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{data.name}</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Every change is saved as soon as you make it.</p>
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

      <div className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2">
        <SectionCard id="antinuke" title={SECTION_TITLES.antinuke}>
          {toggle('antinuke')}
          <TextSetting
            id={id('antinuke', 'whitelist')}
            label={fieldLabel('antinuke', 'whitelist')}
            value={data.antinuke.whitelist}
            format={formatIdList}
            parse={parseIdList}
            placeholder="123456789012345678, 234567890123456789"
            help="Comma-separated Discord user IDs that anti-nuke never acts against."
            saving={isSaving('antinuke', 'whitelist')}
            onSave={change('antinuke', 'whitelist')}
          />
        </SectionCard>

        <SectionCard id="antimp3" title={SECTION_TITLES.antimp3}>
          {toggle('antimp3')}
        </SectionCard>

        <SectionCard id="autorole" title={SECTION_TITLES.autorole}>
          {toggle('autorole')}
          {role('autorole', 'roleID', data.autorole.roleID, true)}
        </SectionCard>

        <SectionCard id="welcomemessage" title={SECTION_TITLES.welcomemessage}>
          {toggle('welcomemessage')}
          {channel('welcomemessage', 'channelID', data.welcomemessage.channelID)}
        </SectionCard>

        <SectionCard id="jail" title={SECTION_TITLES.jail}>
          {channel('jail', 'jailChannel', data.jail.jailChannel)}
        </SectionCard>

        <SectionCard id="logs" title={SECTION_TITLES.logs}>
          {toggle('logs')}
          {channel('logs', 'channelID', data.logs.channelID)}
        </SectionCard>

        <SectionCard id="reactionrole" title={SECTION_TITLES.reactionrole}>
          {toggle('reactionrole')}
          {role('reactionrole', 'roleID', data.reactionrole.roleID, true)}
          {optionalField('reactionrole', 'messageID', data.reactionrole.messageID, { numeric: true, placeholder: 'Message to react to' })}
          {optionalField('reactionrole', 'emojiName', data.reactionrole.emojiName, { placeholder: 'e.g. ⭐ or pepe' })}
        </SectionCard>

        <SectionCard id="starboard" title={SECTION_TITLES.starboard}>
          {toggle('starboard')}
          {channel('starboard', 'starboardChannel', data.starboard.starboardChannel)}
        </SectionCard>

        <SectionCard id="serverDisabledCommands" title={SECTION_TITLES.serverDisabledCommands} wide>
          <DisabledCommands
            disabled={data.serverDisabledCommands.commandNames}
            saving={isSaving('serverDisabledCommands', 'commandNames')}
            onChange={change('serverDisabledCommands', 'commandNames')}
          />
        </SectionCard>

        <SectionCard id="ticket" title={SECTION_TITLES.ticket}>
          {toggle('ticket')}
          {optionalField('ticket', 'messageID', data.ticket.messageID, { numeric: true, placeholder: 'Message that opens tickets' })}
          {role('ticket', 'staffRoleID', data.ticket.staffRoleID, false)}
          {optionalField('ticket', 'emojiName', data.ticket.emojiName, { placeholder: 'e.g. 🎫' })}
        </SectionCard>
      </div>

      <RecentChanges serverId={serverId} settings={data} />
    </section>
  );
}
