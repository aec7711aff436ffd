import { useId, useLayoutEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { AdminAddResponse, AdminDeleteResponse, AdminUpdateResponse, AdminWhitelistEntry } from '../../../shared/api-types';
import { apiKeys } from '../../../shared/api-keys';
import { apiActions } from '../../../shared/api-actions';
import { DELETE_ENTRY_CONFIRM } from '../../../shared/messages';
import { firstIssueSentence } from '../../../shared/schema-issues';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { adminAddSchema, adminUpdateSchema, EXPIRY_CHOICES, expiryFromChoice, formatExpiry, UNKNOWN_NAME, type ExpiryChoice } from '../../../shared/whitelist';
import { ApiClientError, postJson } from '../../api';
import { Modal, modalButton } from '../Modal';
import { useApi } from '../../hooks/useApi';
import { botServerCheck } from './bot-server-check';
import { useConfirmDialog } from './useConfirmDialog';
import { filterEntries, sortEntries, type Sort, type SortKey } from './whitelist-table';

const inputClass =
  'w-full min-w-0 rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100';
const button = {
  primary:
    'rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50',
  secondary:
    'rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800',
  danger:
    'rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950',
};

// Table cells on a wide screen; labelled blocks of a two-column card on a phone.
const cell = 'block min-w-0 sm:table-cell sm:px-3 sm:py-2 sm:align-top';
const phoneLabel = 'block text-xs font-medium text-gray-600 sm:hidden dark:text-gray-400';
const editLabel = 'mb-1 block text-xs font-medium sm:sr-only';

function fail(action: string, error: unknown) {
  console.error(`${action} failed`, error);
  toast.error(error instanceof Error ? error.message : `${action} failed.`);
}

/** The admin console: every licence, with sorting, a filter, inline edit, delete and an add form. */
export function AdminWhitelist() {
  const { data, error, isLoading, mutate } = useApi(apiKeys.allWhitelist);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'expiresAt', direction: 'asc' });
  const [editing, setEditing] = useState<number | null>(null);
  const filterId = useId();
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const confirmServer = botServerCheck(confirm);

  const entries = useMemo(() => data?.servers ?? [], [data]);
  const shown = useMemo(() => sortEntries(filterEntries(entries, query), sort), [entries, query, sort]);

  // SSR data lives in SWR's fallback, not its cache, so the updater may see nothing: start from what is shown.
  // The ref is kept current after each commit, so an updater that runs after an await still sees the latest data.
  const shownData = useRef(data);
  useLayoutEffect(() => {
    shownData.current = data;
  }, [data]);
  const replaceEntries = (update: (list: AdminWhitelistEntry[]) => AdminWhitelistEntry[]) =>
    mutate((current) => ({ servers: update((current ?? shownData.current)?.servers ?? []) }), { revalidate: false });

  const toggleSort = (key: SortKey) => setSort((s) => (s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));

  // The entry whose deletion waits for the admin's answer in the dialog (SPEC 5's question, naming the entry).
  const [confirming, setConfirming] = useState<AdminWhitelistEntry | null>(null);

  const remove = async (entry: AdminWhitelistEntry) => {
    setConfirming(null);
    try {
      const { deleted } = await postJson<AdminDeleteResponse>(apiActions.adminDelete, { id: entry._id });
      await replaceEntries((list) => list.filter((e) => e._id !== deleted._id));
      toast.success('Entry deleted', { duration: TOAST_SUCCESS_MS });
    } catch (e) {
      fail('Delete', e);
    }
  };

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th
        scope="col"
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
        className="block py-2 text-left font-semibold sm:table-cell sm:px-3"
      >
        <button
          type="button"
          onClick={() => toggleSort(key)}
          className="inline-flex items-center gap-1 rounded hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-400"
        >
          {label}
          <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
            {active && sort.direction === 'desc' ? '▼' : '▲'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="mt-6 space-y-8">
      <AddEntryForm confirmServer={confirmServer} onAdded={(entry) => void replaceEntries((list) => [...list, entry])} />

      <section aria-labelledby="entries-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="entries-heading" className="text-xl font-semibold">
            {`Whitelist entries (${entries.length})`}
          </h2>
          <div className="w-full sm:w-72">
            <label htmlFor={filterId} className="block text-sm font-medium">
              Filter by user or server
            </label>
            <input
              id={filterId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className={`${inputClass} mt-1`}
              placeholder="Name or ID"
            />
          </div>
        </div>

        {error && (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {error.message}
          </p>
        )}
        {isLoading && !data && (
          <p role="status" className="mt-4 text-gray-600 dark:text-gray-400">
            Loading entries…
          </p>
        )}

        {data && (
          // On a phone the table becomes a list: each row a block, the header a row of sort buttons.
          <div className="mt-4 rounded-xl border border-gray-200 dark:border-gray-800">
            <table className="block w-full text-sm sm:table sm:divide-y sm:divide-gray-200 sm:dark:divide-gray-800">
              <thead className="block rounded-t-xl bg-gray-100 sm:table-header-group dark:bg-gray-900">
                <tr className="flex flex-wrap gap-x-5 px-3 sm:table-row sm:px-0">
                  {header('user', 'User')}
                  {header('server', 'Server')}
                  {header('expiresAt', 'Expires')}
                  <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-gray-200 rounded-b-xl bg-white sm:table-row-group dark:divide-gray-800 dark:bg-gray-950">
                {shown.length === 0 && (
                  <tr className="block sm:table-row">
                    <td colSpan={4} className="block px-3 py-6 text-center text-gray-600 sm:table-cell dark:text-gray-400">
                      {entries.length === 0 ? 'No whitelist entries yet.' : `No entries match "${query}".`}
                    </td>
                  </tr>
                )}
                {shown.map((entry) =>
                  editing === entry._id ? (
                    <EditRow
                      key={entry._id}
                      entry={entry}
                      confirmServer={confirmServer}
                      confirm={confirm}
                      onCancel={() => setEditing(null)}
                      onSaved={(saved) => {
                        setEditing(null);
                        void replaceEntries((list) => list.map((e) => (e._id === saved._id ? saved : e)));
                      }}
                    />
                  ) : (
                    <tr key={entry._id} className="grid grid-cols-2 gap-x-4 gap-y-2 px-3 py-3 sm:table-row sm:p-0">
                      <td className={cell}>
                        <span className={phoneLabel}>User</span>
                        <span className="block font-medium break-words">{entry.userName ?? UNKNOWN_NAME}</span>
                        <span className="block font-mono text-xs text-gray-600 dark:text-gray-400">{entry.userID}</span>
                      </td>
                      <td className={cell}>
                        <span className={phoneLabel}>Server</span>
                        <span className="block font-medium break-words">{entry.serverName ?? UNKNOWN_NAME}</span>
                        <span className="block font-mono text-xs text-gray-600 dark:text-gray-400">{entry.serverID}</span>
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>
                        <span className={phoneLabel}>Expires</span>
                        <span className={entry.active ? '' : 'text-red-700 dark:text-red-400'}>{formatExpiry(entry.expiresAt)}</span>
                        {!entry.active && <span className="block text-xs text-red-700 dark:text-red-400">Expired</span>}
                      </td>
                      <td className={`${cell} self-end sm:text-right`}>
                        <div className="flex gap-2 sm:justify-end">
                          <button
                            type="button"
                            className={button.secondary}
                            onClick={() => setEditing(entry._id)}
                            aria-label={`Edit entry for ${entry.serverName ?? entry.serverID}`}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className={button.danger}
                            onClick={() => setConfirming(entry)}
                            aria-label={`Delete entry for ${entry.serverName ?? entry.serverID}`}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {confirmDialog}
      <DeleteDialog entry={confirming} onCancel={() => setConfirming(null)} onConfirm={(entry) => void remove(entry)} />
    </div>
  );
}

/** SPEC 5's question, in the page, naming what goes: user, server and expiry. */
function DeleteDialog({
  entry,
  onCancel,
  onConfirm,
}: {
  entry: AdminWhitelistEntry | null;
  onCancel: () => void;
  onConfirm: (entry: AdminWhitelistEntry) => void;
}) {
  return (
    <Modal
      open={entry !== null}
      onClose={onCancel}
      size="sm"
      title="Delete this entry?"
      description={DELETE_ENTRY_CONFIRM}
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={modalButton.danger} onClick={() => entry && onConfirm(entry)}>
            Delete entry
          </button>
        </>
      }
    >
      {entry && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600 dark:text-gray-400">User</dt>
          <dd>{`${entry.userName ?? UNKNOWN_NAME} (${entry.userID})`}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Server</dt>
          <dd>{`${entry.serverName ?? UNKNOWN_NAME} (${entry.serverID})`}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Expires</dt>
          <dd>{formatExpiry(entry.expiresAt)}</dd>
        </dl>
      )}
    </Modal>
  );
}

type EditExpiry = 'keep' | ExpiryChoice;

/** Asks, when the bot is not in the server, whether to license it anyway. */
type ConfirmServer = (serverID: string) => Promise<boolean>;

interface EditRowProps {
  entry: AdminWhitelistEntry;
  confirmServer: ConfirmServer;
  confirm: ReturnType<typeof useConfirmDialog>['confirm'];
  onCancel: () => void;
  onSaved: (entry: AdminWhitelistEntry) => void;
}

function EditRow({ entry, confirmServer, confirm, onCancel, onSaved }: EditRowProps) {
  const [userID, setUserID] = useState(entry.userID);
  const [serverID, setServerID] = useState(entry.serverID);
  const [expiry, setExpiry] = useState<EditExpiry>('keep');
  const [busy, setBusy] = useState(false);
  const ids = { user: useId(), server: useId(), expiry: useId() };

  const save = async () => {
    const parsed = adminUpdateSchema.safeParse({
      oldID: entry._id,
      newUserID: userID,
      newServerID: serverID,
      expiresAt: expiry === 'keep' ? null : expiryFromChoice(expiry),
    });
    if (!parsed.success) {
      toast.error(firstIssueSentence(parsed.error));
      return;
    }
    setBusy(true);
    try {
      if (parsed.data.newServerID !== entry.serverID && !(await confirmServer(parsed.data.newServerID))) return;
      const res = await postJson<AdminUpdateResponse>(apiActions.adminUpdate, parsed.data).catch(async (error: unknown) => {
        // Moving a user's own license to someone already at their limit: say so, and go ahead only if confirmed.
        if (!(error instanceof ApiClientError && error.code === 'OVER_LIMIT')) throw error;
        const proceed = await confirm({ title: 'Over the license limit', description: error.message, confirmLabel: 'Move it anyway' });
        return proceed ? postJson<AdminUpdateResponse>(apiActions.adminUpdate, { ...parsed.data, confirmOverLimit: true }) : null;
      });
      if (!res) return;
      onSaved(res.entry);
      toast.success(res.changed.length ? 'Entry updated' : 'Nothing changed', { duration: TOAST_SUCCESS_MS });
    } catch (e) {
      fail('Update', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr className="grid grid-cols-1 gap-2 bg-indigo-50/60 px-3 py-3 sm:table-row sm:p-0 dark:bg-indigo-950/40">
      <td className={cell}>
        <label htmlFor={ids.user} className={editLabel}>
          New user ID
        </label>
        <input id={ids.user} value={userID} onChange={(e) => setUserID(e.target.value)} inputMode="numeric" className={`${inputClass} font-mono sm:min-w-48`} />
      </td>
      <td className={cell}>
        <label htmlFor={ids.server} className={editLabel}>
          New server ID
        </label>
        <input
          id={ids.server}
          value={serverID}
          onChange={(e) => setServerID(e.target.value)}
          inputMode="numeric"
          className={`${inputClass} font-mono sm:min-w-48`}
        />
      </td>
      <td className={cell}>
        <label htmlFor={ids.expiry} className={editLabel}>
          New expiry
        </label>
        <select id={ids.expiry} value={expiry} onChange={(e) => setExpiry(e.target.value as EditExpiry)} className={`${inputClass} sm:min-w-44`}>
          <option value="keep">Keep Current Date</option>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cell} sm:text-right`}>
        <div className="flex gap-2 sm:justify-end">
          <button type="button" className={button.primary} onClick={() => void save()} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}

function AddEntryForm({ confirmServer, onAdded }: { confirmServer: ConfirmServer; onAdded: (entry: AdminWhitelistEntry) => void }) {
  const [userID, setUserID] = useState('');
  const [serverID, setServerID] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('month');
  const [busy, setBusy] = useState(false);
  const ids = { user: useId(), server: useId(), expiry: useId() };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = adminAddSchema.safeParse({ userID, newServerID: serverID, expiresAt: expiryFromChoice(expiry) });
    if (!parsed.success) {
      toast.error(firstIssueSentence(parsed.error));
      return;
    }
    setBusy(true);
    try {
      if (!(await confirmServer(parsed.data.newServerID))) return;
      const { entry } = await postJson<AdminAddResponse>(apiActions.adminAdd, parsed.data);
      onAdded(entry);
      setUserID('');
      setServerID('');
      setExpiry('month');
      toast.success('Entry added', { duration: TOAST_SUCCESS_MS });
    } catch (e) {
      fail('Add', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="add-entry-heading" className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h2 id="add-entry-heading" className="text-lg font-semibold">
        Add an entry
      </h2>
      <form onSubmit={(event) => void submit(event)} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-end">
        <div>
          <label htmlFor={ids.user} className="block text-sm font-medium">
            User ID
          </label>
          <input
            id={ids.user}
            value={userID}
            onChange={(e) => setUserID(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            className={`${inputClass} mt-1 font-mono`}
          />
        </div>
        <div>
          <label htmlFor={ids.server} className="block text-sm font-medium">
            Server ID
          </label>
          <input
            id={ids.server}
            value={serverID}
            onChange={(e) => setServerID(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            className={`${inputClass} mt-1 font-mono`}
          />
        </div>
        <div>
          <label htmlFor={ids.expiry} className="block text-sm font-medium">
            Expires in
          </label>
          <select id={ids.expiry} value={expiry} onChange={(e) => setExpiry(e.target.value as ExpiryChoice)} className={`${inputClass} mt-1`}>
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${button.primary} py-2`} disabled={busy}>
          {busy ? 'Adding…' : 'Add Entry'}
        </button>
      </form>
    </section>
  );
}
