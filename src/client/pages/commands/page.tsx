import { useId, useState } from 'react';
import { filterCommands, type CategoryFilter } from '../../features/commands/command-search';
import { COMMANDS } from '../../../shared/commands';
import { CATEGORY_LABELS, COMMAND_CATEGORIES, type Command } from '../../../shared/commands-types';
import './page.css';

const FILTERS: readonly CategoryFilter[] = ['All', ...COMMAND_CATEGORIES];
const filterLabel = (filter: CategoryFilter) => (filter === 'All' ? 'All' : CATEGORY_LABELS[filter]);

export default function Commands() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('All');
  const shown = filterCommands(COMMANDS, query, category);
  const searchId = useId();

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Commands</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">Every command the bot understands. Click a command for its syntax and an example.</p>
      <div className="mt-6 flex flex-col gap-4 md:flex-row md:items-center">
        <label htmlFor={searchId} className="sr-only">
          Search commands
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search commands or aliases…"
          className="w-full rounded-lg border border-gray-300 bg-white px-4 py-2 text-gray-900 placeholder-gray-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 md:max-w-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
        <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={category === f} onClick={() => setCategory(f)} className="command-filter">
              {filterLabel(f)}
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" role="status">{`${shown.length} commands shown`}</p>
      {shown.length === 0 ? (
        <p className="mt-10 text-center text-gray-600 dark:text-gray-400">{`No commands found matching "${query}"`}</p>
      ) : (
        <ul className="command-list">
          {shown.map((c) => (
            <CommandCard key={c.commandName} command={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The catalogue is part of the page's script, so the HTML carries no copy of it. The cards take their look from the
 * list's one class (styles.css `.command-list`), not a class each: their parts are told apart by their elements, the
 * name is code and the aliases small print.
 */
function CommandCard({ command }: { command: Command }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li>
      {/* The details exist only while open: the button names them then. */}
      <button type="button" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => setOpen((o) => !o)}>
        <code>{command.commandName}</code>
        <span>{CATEGORY_LABELS[command.category]}</span>
        <span>{command.description}</span>
        {command.aliases.length > 0 && <small>{`Aliases: ${command.aliases.join(', ')}`}</small>}
      </button>
      {open && (
        <dl id={detailsId} className="command-details">
          <dt>Syntax</dt>
          <dd className="font-mono">{command.syntax}</dd>
          <dt>Example</dt>
          <dd className="font-mono">{command.example}</dd>
          <dt>Cooldown</dt>
          <dd>{`${command.cooldown} seconds`}</dd>
          <dt>Required arguments</dt>
          <dd>{command.reqargs}</dd>
          <dt>Category</dt>
          <dd>{CATEGORY_LABELS[command.category]}</dd>
        </dl>
      )}
    </li>
  );
}
