import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { useSWRConfig } from 'swr';
import {
  MADE_IN_DISCORD,
  type ServerSettingsResponse,
  type SettingConflictBody,
  type SettingsAuditEntry,
  type SettingsAuditResponse,
} from '../../../shared/settings/api';
import { apiKeys } from '../../../shared/api-keys';
import { mayChange } from '../../../shared/server-access';
import { getJson } from '../../api';
import { conflictOf } from '../../api-refusal';
import { api, answerOf } from '../../api-client';
import { useApi } from '../../hooks/useApi';
import { auditLabel, isSectionName, moduleTitle, SECTION_NAMES } from '../../../shared/settings/registry';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { smallButtonClass } from '../../ui/dense-buttons';
import { fieldClass } from '../../ui/fields';
import { useAuth } from '../../session/useAuth';
import { changeAuthor } from './change-author';
import { changeTexts, changeValueText, memberIdsOf } from './change-text';
import type { KnownMembers } from './member-names';
import { useSettingsChecks } from './settings-checks';
import { useStoredMembers } from './useStoredMembers';
import { firstUse } from '../../../shared/first-use';

const when = firstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** A stored value as a person reads it: role, channel and member names, on/off, lists (the kind table's words). */
export function describeSettingValue(section: string, key: string, value: unknown, settings: ServerSettingsResponse, members?: KnownMembers): string {
  return changeValueText(section, key, value, settings, members);
}

/** 'Auto-Role › Role' for a stored key; the raw names for one this dashboard does not know. */
export function settingName(section: string, key: string): string {
  return isSectionName(section) ? auditLabel(section, key) : `${section} ${key}`;
}

const what = (entry: SettingsAuditEntry) => settingName(entry.section, entry.key);
const describe = (entry: SettingsAuditEntry, value: unknown, settings: ServerSettingsResponse, members?: KnownMembers) =>
  describeSettingValue(entry.section, entry.key, value, settings, members);

/** Every cached page of this server's audit, whatever its filter: a save or a revert changes them all. */
export const auditPagesOf = (serverId: string) => (key: unknown) => typeof key === 'string' && key.startsWith(apiKeys.settingsAudit(serverId));

/** Beyond the spec: the changes of this server, who made them and when, each one revertable. Loaded when opened. */
export function RecentChanges({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-8 rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-lg font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500">Recent changes</summary>
      {open && <ChangeHistory serverId={serverId} settings={settings} />}
    </details>
  );
}

const selectClass = `${fieldClass.compact} mt-1`;

function ChangeHistory({ serverId, settings }: { serverId: string; settings: ServerSettingsResponse }) {
  const [section, setSection] = useState('');
  const [userID, setUserID] = useState('');
  const ids = { section: useId(), user: useId() };
  const first = useApi(apiKeys.settingsAudit(serverId, { section, userID }), { revalidateIfStale: true });
  const users = first.data?.users ?? [];
  // The rows describe values through the registry's checks.
  const checks = useSettingsChecks();

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col text-sm">
          <label htmlFor={ids.section} className="font-medium">
            Module
          </label>
          <select id={ids.section} value={section} onChange={(event) => setSection(event.target.value)} className={selectClass}>
            <option value="">All modules</option>
            {SECTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {moduleTitle(name)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor={ids.user} className="font-medium">
            Changed by
          </label>
          <select id={ids.user} value={userID} onChange={(event) => setUserID(event.target.value)} className={selectClass}>
            <option value="">Anyone</option>
            {users.map((user) => (
              <option key={user.userId} value={user.userId}>
                {user.userName}
              </option>
            ))}
          </select>
        </div>
      </div>
      {first.error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {`Could not load the recent changes: ${first.error.message}`}
        </p>
      )}
      {!first.error && (!first.data || !checks) && (
        <p role="status" className="mt-3 text-sm text-gray-600 dark:text-gray-400">
          Loading recent changes…
        </p>
      )}
      {/* Remounted per filter, so older pages of another filter never mix in. */}
      {first.data && checks && (
        <ChangeList key={`${section}|${userID}`} serverId={serverId} settings={settings} firstPage={first.data} filter={{ section, userID }} />
      )}
    </div>
  );
}

const conflictSentence = (
  entry: SettingsAuditEntry,
  { current, changedBy, changedById, changedAt }: SettingConflictBody,
  settings: ServerSettingsResponse,
  userId: string | null,
  members: KnownMembers | undefined,
) =>
  `${changeAuthor(changedById, changedBy, userId)} changed ${what(entry)} to ${describe(entry, current, settings, members)}${changedAt === null ? '' : ` on ${when().format(changedAt)}`}, after this change. Reverting now would overwrite that.`;

interface ConflictProps {
  message: string;
  busy: boolean;
  onRevertAnyway: () => void;
  onCancel: () => void;
}

/** The value changed after this change: say by whom, and revert only if the person still wants to. */
function RevertConflict({ message, busy, onRevertAnyway, onCancel }: ConflictProps) {
  return (
    <div
      role="alert"
      className="basis-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{message}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={smallButtonClass} onClick={onRevertAnyway} disabled={busy}>
          Revert anyway
        </button>
        <button type="button" className={smallButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

interface ListProps {
  serverId: string;
  settings: ServerSettingsResponse;
  firstPage: SettingsAuditResponse;
  filter: { section: string; userID: string };
}

function ChangeList({ serverId, settings, firstPage, filter }: ListProps) {
  const { mutate } = useSWRConfig();
  const userId = useAuth().user?.id ?? null;
  const [older, setOlder] = useState<SettingsAuditResponse[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reverting, setReverting] = useState<number | null>(null);
  // A revert refused because the value changed after the change: shown under its row until answered.
  const [conflict, setConflict] = useState<{ entryId: number; body: SettingConflictBody } | null>(null);
  const entries = [firstPage, ...older].flatMap((page) => page.entries);
  const members = useStoredMembers(serverId, memberIdsOf(entries.map((entry) => ({ ...entry, values: [entry.oldValue, entry.newValue] }))));
  const next = (older.at(-1) ?? firstPage).next;

  const loadOlder = async () => {
    if (next === null) return;
    setLoadingOlder(true);
    try {
      const page = await getJson(apiKeys.settingsAudit(serverId, { ...filter, before: next }));
      setOlder((pages) => [...pages, page]);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not load older changes.');
    } finally {
      setLoadingOlder(false);
    }
  };

  /** `anyway`: the value the person was shown as stored now, which the revert may overwrite. */
  const revert = async (entry: SettingsAuditEntry, anyway?: { expected: unknown }) => {
    setReverting(entry.id);
    try {
      const body = { serverID: serverId, changeID: entry.id, ...anyway };
      const answer = await answerOf(api['server-settings'].revert.$post({ json: body }));
      setConflict(null);
      await mutate(apiKeys.serverSettings(serverId), answer, { revalidate: false });
      setOlder([]);
      await mutate(auditPagesOf(serverId));
      toast.success(`Reverted ${what(entry)} to ${describe(entry, entry.oldValue, answer, members)}`, { duration: TOAST_SUCCESS_MS });
    } catch (error) {
      const refused = conflictOf(error);
      if (refused) {
        setConflict({ entryId: entry.id, body: refused });
        // The page and this list show the newer value and its change.
        void mutate(apiKeys.serverSettings(serverId));
        void mutate(auditPagesOf(serverId));
      } else toast.error(error instanceof Error ? error.message : 'Could not revert this change.');
    } finally {
      setReverting(null);
    }
  };

  if (entries.length === 0) {
    return (
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
        {filter.section || filter.userID ? 'No changes match.' : 'No changes have been saved yet.'}
      </p>
    );
  }
  return (
    <>
      <ol aria-label="Recent changes" className="mt-3 divide-y divide-gray-100 dark:divide-gray-800">
        {entries.map((entry) => {
          const texts = changeTexts(entry, settings, members);
          return (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
              <span className="min-w-0 flex-1 basis-64">
                <span className="font-medium">{entry.userName}</span>
                {' changed '}
                <span className="font-medium">{what(entry)}</span>
                {entry.via === 'discord' && ` ${MADE_IN_DISCORD}`}{' '}
                <span className="mt-0.5 block text-gray-700 dark:text-gray-300">
                  <span className="sr-only">from </span>
                  <span className="text-gray-600 line-through decoration-gray-400 break-words dark:text-gray-400">{texts.before}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">to </span>
                  <span className="font-medium break-words">{texts.after}</span>
                </span>
              </span>
              <time dateTime={new Date(entry.createdAt).toISOString()} className="shrink-0 text-xs text-gray-600 dark:text-gray-400">
                {when().format(entry.createdAt)}
              </time>
              {/* A reader sees the history but cannot undo it. */}
              {mayChange(settings) && (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={reverting !== null}
                  onClick={() => void revert(entry)}
                  aria-label={`Revert ${what(entry)} to ${describe(entry, entry.oldValue, settings, members)}`}
                >
                  {reverting === entry.id ? 'Reverting…' : 'Revert'}
                </button>
              )}
              {conflict?.entryId === entry.id && (
                <RevertConflict
                  message={conflictSentence(entry, conflict.body, settings, userId, members)}
                  busy={reverting !== null}
                  onRevertAnyway={() => void revert(entry, { expected: conflict.body.current })}
                  onCancel={() => setConflict(null)}
                />
              )}
            </li>
          );
        })}
      </ol>
      {next !== null && (
        <button type="button" className={`${smallButtonClass} mt-3`} onClick={() => void loadOlder()} disabled={loadingOlder}>
          {loadingOlder ? 'Loading…' : 'Show older changes'}
        </button>
      )}
    </>
  );
}
