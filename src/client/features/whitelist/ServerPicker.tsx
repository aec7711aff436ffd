import { useId, type RefObject } from 'react';
import type { ServerSummary } from '../../../shared/servers';
import { isSnowflake } from '../../../shared/discord-ids';
import { Field } from '../../ui/Field';
import { fieldClass } from '../../ui/fields';
import { ServerIcon } from '../../ui/ServerIcon';
import { RadioOption } from './RadioOption';

/** The choice that shows the ID field. */
export const MANUAL = 'manual';

// A server ID is read digit by digit; the placeholder is a sentence.
const idInputClass = `${fieldClass.regular} w-full font-mono placeholder:font-sans`;

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
export function ServerPicker({ offered, choice, onChoose, typedId, onType, firstOption, showManualOnly }: PickerProps) {
  const group = useId();
  const typed = typedId.trim();
  const invalid = typed !== '' && !isSnowflake(typed);
  const idField = (
    <Field
      label="Server ID"
      labelClassName="block text-sm font-medium"
      className={showManualOnly ? '' : 'mt-2 pl-7'}
      error={invalid && 'Enter a Discord server ID: 17–20 digits.'}
      hint={!invalid && "In Discord, right-click the server and choose 'Copy Server ID' (Developer Mode must be on)."}
    >
      {(control) => (
        <input
          {...control}
          ref={showManualOnly ? firstOption : undefined}
          value={typedId}
          onChange={(e) => onType(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 300000000000000001"
          className={`mt-1 ${idInputClass}`}
        />
      )}
    </Field>
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
