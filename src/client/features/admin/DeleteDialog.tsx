import type { AdminWhitelistEntry } from '../../../shared/licences';
import { DELETE_ENTRY_CONFIRM } from '../../../shared/messages';
import { formatExpiry, UNKNOWN_NAME } from '../../../shared/whitelist';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';

/** SPEC 5's question, in the page, naming what goes: user, server and expiry. */
export function DeleteDialog({
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
      footer={<DialogActions cancel={{ onClick: onCancel }} primary={{ label: 'Delete entry', danger: true, onClick: () => entry && onConfirm(entry) }} />}
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
