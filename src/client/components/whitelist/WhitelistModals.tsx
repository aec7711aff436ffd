import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { OwnerWhitelistEntry, ServerSummary, WhitelistStateResponse } from '../../../shared/api-types';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { DUPLICATE_SERVER_MESSAGE, SELECT_REPLACE_MESSAGE } from '../../../shared/messages';
import { formatExpiry, UNKNOWN_NAME } from '../../../shared/whitelist';
import { Modal, modalButton } from '../Modal';
import type { AddOutcome } from './useWhitelist';

const inputClass =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 font-mono text-sm text-gray-900 placeholder:font-sans placeholder:text-gray-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100';

function expiryText(entry: OwnerWhitelistEntry): string {
  const when = formatExpiry(entry.expiresAt);
  if (when === 'Permanent') return 'Permanent';
  return entry.active ? `Expires ${when}` : `Expired ${when}`;
}

function reportFailure(outcome: Extract<AddOutcome, { kind: 'failed' }>) {
  toast.error(outcome.code === 'DUPLICATE' ? DUPLICATE_SERVER_MESSAGE : outcome.message);
}

interface ManageProps {
  open: boolean;
  onClose: () => void;
  state: WhitelistStateResponse | undefined;
  loading: boolean;
  loadError: string | null;
  /** Servers the user manages, offered as suggestions for the ID input. */
  suggestions: readonly ServerSummary[];
  add: (newServerID: string, oldServerID?: string | null) => Promise<AddOutcome>;
}

/** 'Manage Whitelist': the user's whitelisted servers, their count, and add-by-ID. At the limit, the replace dialog. */
export function ManageWhitelistModal({ open, onClose, state, loading, loadError, suggestions, add }: ManageProps) {
  const inputId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [serverId, setServerId] = useState('');
  const [busy, setBusy] = useState(false);
  const [pendingReplace, setPendingReplace] = useState<string | null>(null);

  const entries = state?.entries ?? [];
  const whitelisted = new Set(entries.map((e) => e.serverID));
  const offered = suggestions.filter((s) => !whitelisted.has(s.id));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = serverId.trim();
    if (!id || busy) return; // an empty input is ignored
    setBusy(true);
    const outcome = await add(id);
    setBusy(false);
    if (outcome.kind === 'added') {
      setServerId('');
      toast.success('Server added to your whitelist', { duration: TOAST_SUCCESS_MS });
    } else if (outcome.kind === 'limit') {
      setPendingReplace(id);
    } else {
      reportFailure(outcome);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Manage Whitelist"
      description="Whitelisted servers can use the bot's full feature set."
      initialFocusRef={input}
      footer={
        <button type="button" className={modalButton.secondary} onClick={onClose}>
          Done
        </button>
      }
    >
      <h3 className="text-sm font-semibold text-gray-700 dark:text-gray-300">
        {`Whitelisted servers (${entries.length})`}
        {state && <span className="ml-2 font-normal text-gray-500 dark:text-gray-400">{`${state.used} of ${state.limit} used`}</span>}
      </h3>
      {loading && !state && (
        <p role="status" className="mt-3 text-sm text-gray-600 dark:text-gray-400">
          Loading your whitelist…
        </p>
      )}
      {loadError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {loadError}
        </p>
      )}
      {state && entries.length === 0 && <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">No servers are whitelisted yet.</p>}
      {entries.length > 0 && (
        <ul
          aria-label="Whitelisted servers"
          className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {entries.map((entry) => (
            <li key={entry.serverID} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5">
              <span className="min-w-0">
                <span className="block truncate font-medium">{entry.serverName ?? UNKNOWN_NAME}</span>
                <span className="block font-mono text-xs text-gray-500 dark:text-gray-400">{entry.serverID}</span>
              </span>
              <span className={`text-sm ${entry.active ? 'text-gray-600 dark:text-gray-400' : 'font-medium text-red-700 dark:text-red-400'}`}>
                {expiryText(entry)}
              </span>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={(event) => void submit(event)} className="mt-5">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Server ID
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id={inputId}
            value={serverId}
            onChange={(e) => setServerId(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 300000000000000001"
            list={offered.length > 0 ? listId : undefined}
            className={inputClass}
          />
          <button type="submit" disabled={busy} className={`${modalButton.primary} shrink-0`}>
            {busy ? 'Adding…' : 'Add Server'}
          </button>
        </div>
        {offered.length > 0 && (
          <datalist id={listId}>
            {offered.map((s) => (
              <option key={s.id} value={s.id} label={s.name} />
            ))}
          </datalist>
        )}
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
          {"You can whitelist a server you own or manage. In Discord, right-click the server and choose 'Copy Server ID'."}
        </p>
      </form>

      <ReplaceServerModal
        open={pendingReplace !== null}
        newServerID={pendingReplace ?? ''}
        newServerName={suggestions.find((s) => s.id === pendingReplace)?.name ?? null}
        entries={entries.filter((e) => !e.adminMade)}
        onClose={() => setPendingReplace(null)}
        onReplace={async (oldServerID) => {
          if (pendingReplace === null) return;
          const outcome = await add(pendingReplace, oldServerID);
          if (outcome.kind === 'added') {
            setPendingReplace(null);
            setServerId('');
            toast.success('Server replaced', { duration: TOAST_SUCCESS_MS });
          } else if (outcome.kind === 'failed') {
            reportFailure(outcome);
          }
        }}
      />
    </Modal>
  );
}

interface ReplaceProps {
  open: boolean;
  newServerID: string;
  newServerName: string | null;
  /** The entries the user may move (their own, user-made ones). */
  entries: readonly OwnerWhitelistEntry[];
  onClose: () => void;
  onReplace: (oldServerID: string) => Promise<void>;
}

/** At the limit: choose which whitelisted server gives its place (and its expiry) to the new one. */
export function ReplaceServerModal({ open, newServerID, newServerName, entries, onClose, onReplace }: ReplaceProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupName = useId();

  const close = () => {
    setChoice(null);
    onClose();
  };

  const confirm = async () => {
    if (!choice) {
      toast.error(SELECT_REPLACE_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await onReplace(choice);
    } finally {
      setBusy(false);
    }
    setChoice(null);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Replace a whitelisted server"
      description={`You have reached your whitelist limit. Choose a server to replace with ${newServerName ?? newServerID}; it keeps the current expiry date.`}
      size="sm"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={close}>
            Cancel
          </button>
          <button type="button" className={modalButton.primary} onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Replacing…' : 'Replace'}
          </button>
        </>
      }
    >
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">You have no server you can replace. Ask for more on the support server.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium">Server to replace</legend>
          <div className="mt-2 space-y-2">
            {entries.map((entry) => (
              <label
                key={entry.serverID}
                className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-xl border border-gray-200 px-3 py-2.5 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-gray-800 dark:has-[:checked]:bg-indigo-950"
              >
                <input
                  type="radio"
                  name={groupName}
                  value={entry.serverID}
                  checked={choice === entry.serverID}
                  onChange={() => setChoice(entry.serverID)}
                  className="row-span-2 h-4 w-4 accent-indigo-600"
                />
                <span className="truncate font-medium">{entry.serverName ?? UNKNOWN_NAME}</span>
                <span className="text-xs text-gray-500 dark:text-gray-400">{`${entry.serverID} · ${expiryText(entry)}`}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </Modal>
  );
}

interface NoticeProps {
  open: boolean;
  onClose: () => void;
  supportUrl: string;
  onManage: () => void;
}

/** Shown instead of the settings when the user has no whitelisted server. */
export function NoWhitelistNotice({ open, onClose, supportUrl, onManage }: NoticeProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="No Whitelisted Servers"
      size="sm"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            Close
          </button>
          <button type="button" className={modalButton.secondary} onClick={onManage}>
            Manage Whitelist
          </button>
        </>
      }
    >
      <p className="text-sm text-gray-700 dark:text-gray-300">
        The bot&apos;s settings can only be changed on a whitelisted server. Whitelist one of your servers, or join our support community to get or renew a
        licence.
      </p>
      <a href={supportUrl} target="_blank" rel="noopener noreferrer" className={`${modalButton.primary} mt-4 w-full`}>
        Join the support community
      </a>
    </Modal>
  );
}
