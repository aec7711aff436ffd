import { useId, useRef, useState } from 'react';
import { COMMANDS } from '../../../shared/commands';
import { CATEGORY_LABELS, COMMAND_CATEGORIES, type CommandCategory } from '../../../shared/commands-types';
import { searchCommandsToDisable } from '../../../shared/settings/disabled-commands-search';
import { FieldMessages, INPUT_CLASS, SavingIndicator } from './controls';

interface Props {
  label: string;
  disabled: readonly string[];
  saving: boolean;
  saved?: boolean;
  onChange: (commandNames: string[]) => void;
}

/** SPEC section 2: a server-wide tag list of disabled commands with a search box to add more. */
export function DisabledCommands({ label, disabled, saving, saved, onChange }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CommandCategory | ''>('');
  const searchRef = useRef<HTMLInputElement>(null);
  const base = useId();
  const searchId = `${base}-search`;
  // A search ranks the whole catalogue (within the chosen category); a category alone lists its commands.
  const matches =
    query.trim() !== ''
      ? searchCommandsToDisable(query, disabled).filter((command) => category === '' || command.category === category)
      : category === ''
        ? []
        : COMMANDS.filter((command) => command.category === category && !disabled.includes(command.commandName));

  const add = (name: string) => {
    setQuery('');
    // Keep typing: after a click on a match the focus goes back to the search box.
    searchRef.current?.focus();
    // SPEC section 5: adding a command that is already disabled is ignored.
    if (disabled.includes(name)) return;
    onChange([...disabled, name]);
  };
  const remove = (name: string) => onChange(disabled.filter((candidate) => candidate !== name));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <span id={`${base}-tags`} className="text-sm font-medium">
          {label}
        </span>
        <SavingIndicator saving={saving} saved={saved} />
      </div>
      {disabled.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No commands are disabled in this server.</p>
      ) : (
        <ul aria-labelledby={`${base}-tags`} className="flex flex-wrap gap-2">
          {disabled.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-100 py-1 pl-3 pr-1 font-mono text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
            >
              {name}
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => remove(name)}
                className="inline-flex h-6 w-6 items-center justify-center rounded-full text-base leading-none hover:bg-indigo-200 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:hidden dark:hover:bg-indigo-900"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessages id={base} />
      {/* Read-only (the settings fieldset disabled): the list is what there is to see; searching would add nothing. */}
      <div className="grid gap-3 group-disabled/settings:hidden sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
            Search commands
          </label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            autoComplete="off"
            spellCheck={false}
            className={INPUT_CLASS}
            placeholder="Type a command name, Enter disables the first match"
            value={query}
            aria-describedby={`${base}-count`}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const first = matches[0];
              if (first) add(first.commandName);
            }}
          />
        </div>
        <div>
          <label htmlFor={`${base}-category`} className="mb-1 block text-sm font-medium">
            Browse by category
          </label>
          <select
            id={`${base}-category`}
            className={INPUT_CLASS}
            value={category}
            onChange={(event) => setCategory(COMMAND_CATEGORIES.find((name) => name === event.target.value) ?? '')}
          >
            <option value="">All categories</option>
            {COMMAND_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {CATEGORY_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <p id={`${base}-count`} className="sr-only" aria-live="polite">
          {query.trim() === '' ? '' : `${matches.length} matching command${matches.length === 1 ? '' : 's'}`}
        </p>
      </div>
      {query.trim() !== '' && matches.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">{`No commands match "${query.trim()}"`}</p>}
      {matches.length > 0 && (
        <ul aria-label="Matching commands" className="max-h-56 overflow-y-auto rounded-lg border border-gray-200 dark:border-gray-800">
          {matches.map((command) => (
            <li key={command.commandName} className="border-b border-gray-100 last:border-b-0 dark:border-gray-800">
              <button
                type="button"
                onClick={() => add(command.commandName)}
                aria-label={`Disable ${command.commandName}`}
                className="flex w-full items-baseline gap-3 px-3 py-2 text-left hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800"
              >
                <span className="font-mono text-sm">{command.commandName}</span>
                <span className="truncate text-xs text-gray-600 dark:text-gray-400">{command.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
