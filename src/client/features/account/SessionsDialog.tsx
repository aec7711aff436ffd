import { useState } from 'react';
import type { SessionInfo } from '../../../shared/sessions';
import { api, answerOf } from '../../api-client';
import { apiKeys } from '../../../shared/api-keys';
import { useApi } from '../../hooks/useApi';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { buttonClass } from '../../ui/buttons';
import { firstUse } from '../../../shared/first-use';

const when = firstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

export interface SessionsDialogProps {
  onClose: () => void;
  onSignOutEverywhere: () => void;
}

function SessionRow({ session, ending, onEnd }: { session: SessionInfo; ending: boolean; onEnd: () => void }) {
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {session.device}
          {session.current && <span className="ml-2 text-xs font-normal text-emerald-700 dark:text-emerald-400">This device</span>}
        </p>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          Signed in {when().format(session.createdAt)} · last active {when().format(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <button type="button" className={buttonClass.secondary} disabled={ending} onClick={onEnd} aria-label={`Sign out ${session.device}`}>
          Sign out
        </button>
      )}
    </li>
  );
}

/** The user's sessions, each of the others with its own sign-out. Loaded only when opened. */
export default function SessionsDialog({ onClose, onSignOutEverywhere }: SessionsDialogProps) {
  const { data, error, mutate } = useApi(apiKeys.sessions, { revalidateOnFocus: false });
  const [ending, setEnding] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function end(id: string) {
    setEnding(id);
    setFailure(null);
    try {
      await answerOf(api.sessions.revoke.$post({ json: { id } }));
      await mutate();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Signing that session out failed.');
    } finally {
      setEnding(null);
    }
  }

  const footer = (
    <DialogActions cancel={{ label: 'Close', onClick: onClose }} primary={{ label: 'Sign out everywhere', danger: true, onClick: onSignOutEverywhere }} />
  );
  return (
    <Modal open onClose={onClose} title="Sessions" description="Browsers where you are signed in." size="sm" footer={footer}>
      {!data && !error && <p role="status">Loading…</p>}
      {(error ?? failure) && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {failure ?? error?.message}
        </p>
      )}
      {data && (
        <ul aria-label="Sessions" className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} ending={ending === session.id} onEnd={() => void end(session.id)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
