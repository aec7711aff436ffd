import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import type { AdminWhitelistEntry } from '../../../shared/licences';
import { apiKeys } from '../../../shared/api-keys';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { api, answerOf } from '../../api-client';
import { useApi } from '../../hooks/useApi';
import { Field } from '../../ui/Field';
import { AddEntryForm } from './AddEntryForm';
import { failed, UNDO_TOAST_MS } from './admin-actions';
import { inputClass } from './admin-styles';
import { botServerCheck } from './bot-server-check';
import { DeleteDialog } from './DeleteDialog';
import { EditRow } from './EditRow';
import { EntriesTable } from './EntriesTable';
import { useConfirmDialog } from './useConfirmDialog';
import { filterEntries, sortEntries, type Sort, type SortKey } from './whitelist-table';

/** The admin console: every licence, with sorting, a filter, inline edit, delete (with Undo) and an add form. */
export function AdminWhitelist() {
  const { data, error, isLoading, mutate } = useApi(apiKeys.allWhitelist);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'expiresAt', direction: 'asc' });
  const [editing, setEditing] = useState<number | null>(null);
  // The entry whose deletion waits for the admin's answer in the dialog (SPEC 5's question, naming the entry).
  const [confirming, setConfirming] = useState<AdminWhitelistEntry | null>(null);
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

  const restore = async (deleted: AdminWhitelistEntry) => {
    try {
      const { entry } = await answerOf(api['restore-whitelisted-server'].$post({ json: { id: deleted._id } }));
      await replaceEntries((list) => [...list.filter((e) => e._id !== entry._id), entry]);
      toast.success('Entry restored', { duration: TOAST_SUCCESS_MS });
    } catch (e) {
      failed('Undo', e);
    }
  };

  const remove = async (entry: AdminWhitelistEntry) => {
    setConfirming(null);
    try {
      const { deleted } = await answerOf(api['delete-whitelisted-server'].$post({ json: { id: entry._id } }));
      await replaceEntries((list) => list.filter((e) => e._id !== deleted._id));
      toast.success('Entry deleted', {
        description: `${deleted.serverName ?? deleted.serverID} is no longer licensed.`,
        duration: UNDO_TOAST_MS,
        action: { label: 'Undo', onClick: () => void restore(deleted) },
      });
    } catch (e) {
      failed('Delete', e);
    }
  };

  return (
    <div className="mt-6 space-y-8">
      <AddEntryForm confirmServer={confirmServer} onAdded={(entry) => void replaceEntries((list) => [...list, entry])} />

      <section aria-labelledby="entries-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="entries-heading" className="text-xl font-semibold">
            {/* Filtered, the count says how many of all show. */}
            {`Whitelist entries (${query.trim() === '' ? entries.length : `${shown.length} of ${entries.length}`})`}
          </h2>
          <Field label="Filter by user or server" labelClassName="block text-sm font-medium" className="w-full sm:w-72">
            {(control) => (
              <input
                {...control}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                className={`${inputClass} mt-1`}
                placeholder="Name or ID"
              />
            )}
          </Field>
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
          <EntriesTable
            entries={shown}
            emptyText={entries.length === 0 ? 'No whitelist entries yet.' : `No entries match "${query}".`}
            sort={sort}
            onSort={toggleSort}
            onEdit={(entry) => setEditing(entry._id)}
            onDelete={setConfirming}
            editRow={(entry) =>
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
              ) : null
            }
          />
        )}
      </section>
      {confirmDialog}
      <DeleteDialog entry={confirming} onCancel={() => setConfirming(null)} onConfirm={(entry) => void remove(entry)} />
    </div>
  );
}
