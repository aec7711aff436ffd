import { useState, type SubmitEvent } from 'react';
import { toast } from '../../ui/toast';
import type { AdminWhitelistEntry } from '../../../shared/licences';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { expiryFromChoice, type ExpiryChoice } from '../../../shared/whitelist';
import { api, answerOf } from '../../api-client';
import { useWhitelistRequests } from '../../hooks/useWhitelistRequests';
import { button } from './admin-styles';
import { pickedId, pickerValue } from './Combobox';
import { ServerPicker, UserPicker } from './EntityPickers';
import { fieldErrorsOf, unpickedErrors } from './entry-errors';
import { ExpiryField } from './ExpiryField';
import type { ConfirmServer } from './admin-actions';
import { useEntryErrors } from './useEntryErrors';

const label = 'block text-sm font-medium';

/** The add form: a user and a server picked by name (or typed as ids), and an expiry of 30 days by default. */
export function AddEntryForm({ confirmServer, onAdded }: { confirmServer: ConfirmServer; onAdded: (entry: AdminWhitelistEntry) => void }) {
  const [user, setUser] = useState(pickerValue(''));
  const [server, setServer] = useState(pickerValue(''));
  const [expiry, setExpiry] = useState<ExpiryChoice>('month');
  const { errors, refs, show, clear, busy, send } = useEntryErrors();
  const requests = useWhitelistRequests();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { adminAddSchema } = await requests();
    const parsed = adminAddSchema.safeParse({ userID: pickedId(user), newServerID: pickedId(server), expiresAt: expiryFromChoice(expiry) });
    if (!parsed.success) {
      show({ ...fieldErrorsOf(parsed.error), ...unpickedErrors({ user, server }) });
      return;
    }
    await send('Add', async () => {
      if (!(await confirmServer(parsed.data.newServerID))) return;
      const { entry } = await answerOf(api['add-whitelisted-server-admin'].$post({ json: parsed.data }));
      onAdded(entry);
      setUser(pickerValue(''));
      setServer(pickerValue(''));
      setExpiry('month');
      toast.success('Entry added', { duration: TOAST_SUCCESS_MS });
    });
  };

  return (
    <section aria-labelledby="add-entry-heading" className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h2 id="add-entry-heading" className="text-lg font-semibold">
        Add an entry
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Search by name, or paste an ID.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-start">
        <UserPicker
          label="User"
          labelClassName={`${label} mb-1`}
          value={user}
          onChange={(v) => {
            setUser(v);
            clear('user');
          }}
          error={errors.user}
          inputRef={refs.user}
        />
        <ServerPicker
          label="Server"
          labelClassName={`${label} mb-1`}
          value={server}
          onChange={(v) => {
            setServer(v);
            clear('server');
          }}
          error={errors.server}
          inputRef={refs.server}
        />
        <ExpiryField
          label="Expires in"
          labelClassName={`${label} mb-1`}
          value={expiry}
          onChange={(v) => {
            setExpiry(v);
            clear('expiry');
          }}
          error={errors.expiry}
          selectRef={refs.expiry}
        />
        <button type="submit" className={`${button.primary} py-2 sm:mt-6`} disabled={busy}>
          {busy ? 'Adding…' : 'Add Entry'}
        </button>
      </form>
    </section>
  );
}
