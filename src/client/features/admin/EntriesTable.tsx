import type { ReactNode } from 'react';
import type { AdminWhitelistEntry } from '../../../shared/licences';
import { formatExpiry, UNKNOWN_NAME } from '../../../shared/whitelist';
import { button, cell, phoneLabel } from './admin-styles';
import type { Sort, SortKey } from './whitelist-table';

interface EntriesTableProps {
  entries: readonly AdminWhitelistEntry[];
  /** Why there are no rows: a sentence for an empty list or a filter that matches nothing. */
  emptyText: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** The row of the entry being edited, in place of its plain row. */
  editRow: (entry: AdminWhitelistEntry) => ReactNode | null;
  onEdit: (entry: AdminWhitelistEntry) => void;
  onDelete: (entry: AdminWhitelistEntry) => void;
}

/** The entries as a sortable table; on a phone each row is a card and the header a row of sort buttons. */
export function EntriesTable({ entries, emptyText, sort, onSort, editRow, onEdit, onDelete }: EntriesTableProps) {
  return (
    <div className="mt-4 rounded-xl border border-gray-200 dark:border-gray-800">
      <table className="block w-full text-sm sm:table sm:divide-y sm:divide-gray-200 sm:dark:divide-gray-800">
        <thead className="block rounded-t-xl bg-gray-100 sm:table-header-group dark:bg-gray-900">
          <tr className="flex flex-wrap gap-x-5 px-3 sm:table-row sm:px-0">
            <SortHeader column="user" label="User" sort={sort} onSort={onSort} />
            <SortHeader column="server" label="Server" sort={sort} onSort={onSort} />
            <SortHeader column="expiresAt" label="Expires" sort={sort} onSort={onSort} />
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-200 rounded-b-xl bg-white sm:table-row-group dark:divide-gray-800 dark:bg-gray-950">
          {entries.length === 0 && (
            <tr className="block sm:table-row">
              <td colSpan={4} className="block px-3 py-6 text-center text-gray-600 sm:table-cell dark:text-gray-400">
                {emptyText}
              </td>
            </tr>
          )}
          {entries.map((entry) => editRow(entry) ?? <EntryRow key={entry._id} entry={entry} onEdit={onEdit} onDelete={onDelete} />)}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({ column, label, sort, onSort }: { column: SortKey; label: string; sort: Sort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="block py-2 text-left font-semibold sm:table-cell sm:px-3"
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-400"
      >
        {label}
        <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
          {active && sort.direction === 'desc' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
}

function EntryRow({
  entry,
  onEdit,
  onDelete,
}: {
  entry: AdminWhitelistEntry;
  onEdit: (e: AdminWhitelistEntry) => void;
  onDelete: (e: AdminWhitelistEntry) => void;
}) {
  const serverLabel = entry.serverName ?? entry.serverID;
  return (
    <tr className="grid grid-cols-2 gap-x-4 gap-y-2 px-3 py-3 sm:table-row sm:p-0">
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
          <button type="button" className={button.secondary} onClick={() => onEdit(entry)} aria-label={`Edit entry for ${serverLabel}`}>
            Edit
          </button>
          <button type="button" className={button.danger} onClick={() => onDelete(entry)} aria-label={`Delete entry for ${serverLabel}`}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
