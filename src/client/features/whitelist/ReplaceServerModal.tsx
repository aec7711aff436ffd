import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { OwnerWhitelistEntry } from '../../../shared/licences';
import { SELECT_REPLACE_MESSAGE } from '../../../shared/messages';
import { UNKNOWN_NAME } from '../../../shared/whitelist';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { expiryText, replaceQuestion } from './entry-text';
import { RadioOption } from './RadioOption';

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
export function ReplaceServerModal({ newServerID, newServerName, entries, supportUrl, onBack, onReplace }: ReplaceProps) {
  const [choice, setChoice] = useState<string | null>(null);
  // SPEC: nothing is chosen at first, and confirming without a choice says to choose one.
  const [askedToChoose, setAskedToChoose] = useState(false);
  const [busy, setBusy] = useState(false);
  const group = useId();
  const firstOption = useRef<HTMLInputElement>(null);
  const chosen = entries.find((e) => e.serverID === choice);

  useEffect(() => firstOption.current?.focus(), []);

  const confirm = async () => {
    if (!chosen) {
      setAskedToChoose(true);
      return;
    }
    if (busy) return;
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
        {chosen ? (
          <p role="status" className="mt-4 text-sm font-medium">
            {replaceQuestion(chosen, newServerName)}
          </p>
        ) : (
          askedToChoose && (
            <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-300">
              {SELECT_REPLACE_MESSAGE}
            </p>
          )
        )}
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
        <DialogActions
          cancel={{ label: 'Back', onClick: onBack }}
          primary={{ label: busy ? 'Replacing…' : 'Replace', onClick: () => void confirm(), disabled: busy || entries.length === 0 }}
        />
      }
    >
      {body}
    </Modal>
  );
}
