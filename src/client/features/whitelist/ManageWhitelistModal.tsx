import { useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../ui/toast';
import type { AllowedServer, ServerSummary } from '../../../shared/servers';
import type { WhitelistStateResponse } from '../../../shared/licences';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { isSnowflake } from '../../../shared/discord-ids';
import { DUPLICATE_SERVER_MESSAGE } from '../../../shared/messages';
import { buttonClass } from '../../ui/buttons';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { ReplaceServerModal } from './ReplaceServerModal';
import { MANUAL, ServerPicker } from './ServerPicker';
import type { AddOutcome } from './useWhitelist';
import { WhitelistedList } from './WhitelistedList';

function reportFailure(outcome: Extract<AddOutcome, { kind: 'failed' }>) {
  toast.error(outcome.code === 'DUPLICATE' ? DUPLICATE_SERVER_MESSAGE : outcome.message);
}

interface ManageProps {
  open: boolean;
  onClose: () => void;
  state: WhitelistStateResponse | undefined;
  loading: boolean;
  loadError: string | null;
  /**
   * The user's servers: the picker offers those they manage (no `access`, or 'manage') that are not whitelisted
   * yet; a server a role grant opens to them cannot be whitelisted by them.
   */
  servers: readonly (ServerSummary & Partial<Pick<AllowedServer, 'access'>>)[];
  /** A server to have chosen when the dialog opens (the settings page's 'Whitelist this server'). */
  preselect?: string;
  add: (newServerID: string, oldServerID?: string | null) => Promise<AddOutcome>;
}

/**
 * 'Manage Whitelist': the user's whitelisted servers, their count, and adding one picked from their own
 * servers (or entered by ID). At the limit the same dialog asks which server gives its place.
 */
export function ManageWhitelistModal({ open, onClose, ...props }: ManageProps) {
  // Mounted per opening, so every opening starts from a fresh choice.
  if (!open) return null;
  return <ManageWhitelistDialog onClose={onClose} {...props} />;
}

function ManageWhitelistDialog({ onClose, state, loading, loadError, servers, preselect, add }: Omit<ManageProps, 'open'>) {
  const entries = state?.entries ?? [];
  const whitelisted = new Set(entries.map((e) => e.serverID));
  const offered = servers.filter((s) => (s.access ?? 'manage') === 'manage' && !whitelisted.has(s.id));
  const [choice, setChoice] = useState<string | null>(preselect ?? null);
  const [typedId, setTypedId] = useState('');
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState<string | null>(null);
  const firstOption = useRef<HTMLInputElement>(null);

  const manual = choice === MANUAL || offered.length === 0;
  const newServerID = manual ? typedId.trim() : choice;
  const nameOf = (id: string) => servers.find((s) => s.id === id)?.name ?? id;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newServerID || busy) return; // nothing chosen (an empty input) is ignored
    if (whitelisted.has(newServerID)) {
      toast.error(DUPLICATE_SERVER_MESSAGE);
      return;
    }
    // At the limit, straight to the choice of a server to replace: the server would only answer LIMIT.
    if (state !== undefined && state.used >= state.limit) {
      setReplacing(newServerID);
      return;
    }
    setBusy(true);
    const outcome = await add(newServerID);
    setBusy(false);
    if (outcome.kind === 'added') {
      setChoice(null);
      setTypedId('');
      toast.success('Server added to your whitelist', { duration: TOAST_SUCCESS_MS });
    } else if (outcome.kind === 'limit') {
      setReplacing(newServerID);
    } else {
      reportFailure(outcome);
    }
  };

  if (replacing !== null) {
    return (
      <ReplaceServerModal
        newServerID={replacing}
        newServerName={nameOf(replacing)}
        entries={entries.filter((e) => !e.adminMade)}
        supportUrl={state?.supportUrl}
        onBack={() => setReplacing(null)}
        onReplace={async (oldServerID) => {
          const outcome = await add(replacing, oldServerID);
          if (outcome.kind === 'added') {
            setReplacing(null);
            setChoice(null);
            setTypedId('');
            toast.success('Server replaced', { duration: TOAST_SUCCESS_MS });
          } else if (outcome.kind === 'failed') {
            reportFailure(outcome);
          }
        }}
      />
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Manage Whitelist"
      description="Whitelisted servers can use the bot's full feature set."
      initialFocusRef={firstOption}
      footer={<DialogActions cancel={{ label: 'Done', onClick: onClose }} />}
    >
      <h3 className="text-sm font-semibold text-gray-700 dark:text-gray-300">
        {`Whitelisted servers (${entries.length})`}
        {state && <span className="ml-2 font-normal text-gray-600 dark:text-gray-400">{`${state.used} of ${state.limit} used`}</span>}
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
      {entries.length > 0 && <WhitelistedList entries={entries} servers={servers} />}

      <form onSubmit={(event) => void submit(event)} className="mt-6">
        <ServerPicker
          offered={offered}
          choice={manual ? MANUAL : choice}
          onChoose={setChoice}
          typedId={typedId}
          onType={setTypedId}
          firstOption={firstOption}
          showManualOnly={offered.length === 0}
        />
        <button
          type="submit"
          disabled={busy || !newServerID || (manual && !isSnowflake(newServerID))}
          className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}
        >
          {busy ? 'Adding…' : 'Add Server'}
        </button>
      </form>
    </Modal>
  );
}
