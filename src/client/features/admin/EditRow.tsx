import { useState } from 'react';
import { toast } from '../../ui/toast';
import type { AdminWhitelistEntry } from '../../../shared/licences';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { expiryFromChoice } from '../../../shared/whitelist';
import { ApiClientError } from '../../api';
import { api, answerOf } from '../../api-client';
import { useWhitelistRequests } from '../../hooks/useWhitelistRequests';
import type { Confirm, ConfirmServer } from './admin-actions';
import { button, cell, editLabel } from './admin-styles';
import { pickedId, pickerValue, type PickerValue } from './Combobox';
import { ServerPicker, UserPicker } from './EntityPickers';
import { fieldErrorsOf, unpickedErrors } from './entry-errors';
import { ExpiryField, type ExpiryValue } from './ExpiryField';
import { useEntryErrors } from './useEntryErrors';

/** A picker starting at the entry's own choice: its name when known (picked), else its id as typed. */
const startAt = (id: string, name: string | null): PickerValue => (name ? pickerValue(name, id) : pickerValue(id));

interface EditRowProps {
  entry: AdminWhitelistEntry;
  confirmServer: ConfirmServer;
  confirm: Confirm;
  onCancel: () => void;
  onSaved: (entry: AdminWhitelistEntry) => void;
}

/** An entry being edited in place: user, server and expiry ('Keep Current Date' by default), then Save or Cancel. */
export function EditRow({ entry, confirmServer, confirm, onCancel, onSaved }: EditRowProps) {
  const [user, setUser] = useState(() => startAt(entry.userID, entry.userName));
  const [server, setServer] = useState(() => startAt(entry.serverID, entry.serverName));
  const [expiry, setExpiry] = useState<ExpiryValue>('keep');
  const { errors, refs, show, clear, busy, send } = useEntryErrors();
  const requests = useWhitelistRequests();

  const save = async () => {
    const { adminUpdateSchema } = await requests();
    const parsed = adminUpdateSchema.safeParse({
      oldID: entry._id,
      newUserID: pickedId(user),
      newServerID: pickedId(server),
      expiresAt: expiry === 'keep' ? null : expiryFromChoice(expiry),
    });
    if (!parsed.success) {
      show({ ...fieldErrorsOf(parsed.error), ...unpickedErrors({ user, server }) });
      return;
    }
    await send('Update', async () => {
      if (parsed.data.newServerID !== entry.serverID && !(await confirmServer(parsed.data.newServerID))) return;
      const res = await answerOf(api['update-whitelisted-server'].$post({ json: parsed.data })).catch(async (error: unknown) => {
        // Moving a user's own license to someone already at their limit: say so, and go ahead only if confirmed.
        if (!(error instanceof ApiClientError && error.code === 'OVER_LIMIT')) throw error;
        const proceed = await confirm({ title: 'Over the license limit', description: error.message, confirmLabel: 'Move it anyway' });
        return proceed ? answerOf(api['update-whitelisted-server'].$post({ json: { ...parsed.data, confirmOverLimit: true } })) : null;
      });
      if (!res) return;
      onSaved(res.entry);
      toast.success(res.changed.length ? 'Entry updated' : 'Nothing changed', { duration: TOAST_SUCCESS_MS });
    });
  };

  return (
    <tr className="grid grid-cols-1 gap-2 bg-indigo-50/60 px-3 py-3 sm:table-row sm:p-0 dark:bg-indigo-950/40">
      <td className={cell}>
        <UserPicker
          label="New user"
          labelClassName={editLabel}
          value={user}
          onChange={(v) => {
            setUser(v);
            clear('user');
          }}
          error={errors.user}
          inputRef={refs.user}
          inputClassName="sm:min-w-48"
        />
      </td>
      <td className={cell}>
        <ServerPicker
          label="New server"
          labelClassName={editLabel}
          value={server}
          onChange={(v) => {
            setServer(v);
            clear('server');
          }}
          error={errors.server}
          inputRef={refs.server}
          inputClassName="sm:min-w-48"
        />
      </td>
      <td className={cell}>
        <ExpiryField
          label="New expiry"
          labelClassName={editLabel}
          value={expiry}
          keep
          onChange={(v) => {
            setExpiry(v);
            clear('expiry');
          }}
          error={errors.expiry}
          selectRef={refs.expiry}
          className="sm:min-w-44"
        />
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
