import { useEffect, useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import type { AllowedServer, OwnerWhitelistEntry, ServerSummary, WhitelistStateResponse } from '../../../shared/api-types';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { isSnowflake } from '../../../shared/discord-ids';
import { DUPLICATE_SERVER_MESSAGE, SELECT_REPLACE_MESSAGE } from '../../../shared/messages';
import { formatExpiry, UNKNOWN_NAME } from '../../../shared/whitelist';
import { Modal } from '../../ui/Modal';
import { buttonClass } from '../../ui/buttons';
import { fieldClass } from '../../ui/fields';
import { ServerIcon } from '../../ui/ServerIcon';
import type { AddOutcome } from './useWhitelist';

// A server ID is read digit by digit; the placeholder is a sentence.
const idInputClass = `${fieldClass.regular} w-full font-mono placeholder:font-sans`;

const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-3 py-2.5 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:border-gray-800 dark:has-[:checked]:bg-indigo-950';

const MANUAL = 'manual';

interface RadioOptionProps {
  group: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}

/** One choice of a radio group drawn as a card; the whole card is the label. */
function RadioOption({ group, value, checked, onChoose, inputRef, children }: RadioOptionProps) {
  return (
    <label className={optionClass}>
      <input
        ref={inputRef}
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
        className="h-4 w-4 shrink-0 accent-indigo-600"
      />
      {children}
    </label>
  );
}

function expiryText(entry: OwnerWhitelistEntry): string {
  const when = formatExpiry(entry.expiresAt);
  if (when === 'Permanent') return 'Permanent';
  return entry.active ? `Expires ${when}` : `Expired ${when}`;
}

/** The sentence the replace confirmation asks: both servers and the expiry that moves over. */
export function replaceQuestion(oldEntry: OwnerWhitelistEntry, newName: string): string {
  const when = formatExpiry(oldEntry.expiresAt);
  const oldName = oldEntry.serverName ?? UNKNOWN_NAME;
  const kept = when === 'Permanent' ? 'It stays permanent.' : `It keeps the ${when} expiry.`;
  return `Replace ${oldName} with ${newName}? ${kept} ${oldName} loses its license: the bot's features stop working there.`;
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
      <ReplaceStep
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
      footer={
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Done
        </button>
      }
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

function WhitelistedList({ entries, servers }: { entries: readonly OwnerWhitelistEntry[]; servers: readonly ServerSummary[] }) {
  return (
    <ul aria-label="Whitelisted servers" className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {entries.map((entry) => {
        const name = entry.serverName ?? UNKNOWN_NAME;
        return (
          <li key={entry.serverID} className="flex items-center gap-3 px-3 py-2.5">
            <ServerIcon id={entry.serverID} name={name} icon={servers.find((s) => s.id === entry.serverID)?.icon ?? null} size={32} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{name}</span>
              <span
                className={`block text-xs ${entry.active ? 'text-gray-600 dark:text-gray-400' : 'font-medium text-red-700 dark:text-red-400'}`}
              >{`${expiryText(entry)}${entry.adminMade ? ' · added by an admin' : ''}`}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

interface PickerProps {
  offered: readonly ServerSummary[];
  choice: string | null;
  onChoose: (id: string) => void;
  typedId: string;
  onType: (value: string) => void;
  firstOption: RefObject<HTMLInputElement | null>;
  /** No server of the user's own is left to offer: only the ID field. */
  showManualOnly: boolean;
}

/** The user's own servers as choices, and 'Enter a server ID' for one the list cannot show. */
function ServerPicker({ offered, choice, onChoose, typedId, onType, firstOption, showManualOnly }: PickerProps) {
  const group = useId();
  const inputId = useId();
  const hintId = useId();
  const typed = typedId.trim();
  const invalid = typed !== '' && !isSnowflake(typed);
  const idField = (
    <div className={showManualOnly ? '' : 'mt-2 pl-7'}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        Server ID
      </label>
      <input
        ref={showManualOnly ? firstOption : undefined}
        id={inputId}
        value={typedId}
        onChange={(e) => onType(e.target.value)}
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 300000000000000001"
        aria-invalid={invalid}
        aria-describedby={hintId}
        className={`mt-1 ${idInputClass}`}
      />
      <p id={hintId} className={`mt-1 text-xs ${invalid ? 'text-red-700 dark:text-red-400' : 'text-gray-600 dark:text-gray-400'}`}>
        {invalid ? 'Enter a Discord server ID: 17–20 digits.' : "In Discord, right-click the server and choose 'Copy Server ID' (Developer Mode must be on)."}
      </p>
    </div>
  );
  if (showManualOnly) {
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">Add a server</legend>
        {idField}
      </fieldset>
    );
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">Add a server</legend>
      <div className="max-h-64 space-y-2 overflow-y-auto p-0.5">
        {offered.map((server, index) => (
          <RadioOption
            key={server.id}
            group={group}
            value={server.id}
            checked={choice === server.id}
            onChoose={onChoose}
            inputRef={index === 0 ? firstOption : undefined}
          >
            <ServerIcon id={server.id} name={server.name} icon={server.icon} size={32} />
            <span className="min-w-0 flex-1 truncate font-medium">{server.name}</span>
          </RadioOption>
        ))}
        <RadioOption group={group} value={MANUAL} checked={choice === MANUAL} onChoose={onChoose}>
          <span className="font-medium">Enter a server ID</span>
        </RadioOption>
      </div>
      {choice === MANUAL && idField}
    </fieldset>
  );
}

interface ReplaceProps {
  newServerID: string;
  newServerName: string;
  /** The entries the user may move (their own, user-made ones). */
  entries: readonly OwnerWhitelistEntry[];
  supportUrl: string | undefined;
  onBack: () => void;
  onReplace: (oldServerID: string) => Promise<void>;
}

/** At the limit: which whitelisted server gives its place (and its expiry) to the new one. One confirmation. */
function ReplaceStep({ newServerID, newServerName, entries, supportUrl, onBack, onReplace }: ReplaceProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const group = useId();
  const firstOption = useRef<HTMLInputElement>(null);
  const chosen = entries.find((e) => e.serverID === choice);

  useEffect(() => firstOption.current?.focus(), []);

  const confirm = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      await onReplace(chosen.serverID);
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (entries.length === 0) {
    body = (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        You have no server you can replace.{' '}
        {supportUrl && (
          <a href={supportUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
            Ask for more on the support server.
          </a>
        )}
      </p>
    );
  } else {
    body = (
      <fieldset>
        <legend className="text-sm font-medium">Server to replace</legend>
        <div className="mt-2 space-y-2">
          {entries.map((entry, index) => (
            <RadioOption
              key={entry.serverID}
              group={group}
              value={entry.serverID}
              checked={choice === entry.serverID}
              onChoose={setChoice}
              inputRef={index === 0 ? firstOption : undefined}
            >
              <span className="flex min-w-0 flex-1 flex-col font-medium break-words">
                {entry.serverName ?? UNKNOWN_NAME}
                <span className="text-xs font-normal text-gray-600 dark:text-gray-400">{expiryText(entry)}</span>
              </span>
            </RadioOption>
          ))}
        </div>
        <p role="status" className={`mt-4 text-sm ${chosen ? 'font-medium' : 'text-gray-600 dark:text-gray-400'}`}>
          {chosen ? replaceQuestion(chosen, newServerName) : SELECT_REPLACE_MESSAGE}
        </p>
      </fieldset>
    );
  }

  return (
    <Modal
      open
      onClose={onBack}
      title="Replace a whitelisted server"
      description={`You have used your whitelist. ${newServerName === newServerID ? 'The new server' : newServerName} takes the place of the server you choose.`}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onBack}>
            Back
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => void confirm()} disabled={!chosen || busy}>
            {busy ? 'Replacing…' : 'Replace'}
          </button>
        </>
      }
    >
      {body}
    </Modal>
  );
}
