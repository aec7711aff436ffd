import { useId, useState } from 'react';
import { filterCommands, type CategoryFilter } from '../../shared/command-search';
import { apiKeys } from '../../shared/api-keys';
import { CATEGORY_LABELS, COMMAND_CATEGORIES, type Command } from '../../shared/commands-types';
import { useApi } from '../hooks/useApi';

const FILTERS: readonly CategoryFilter[] = ['All', ...COMMAND_CATEGORIES];
const filterLabel = (filter: CategoryFilter) => (filter === 'All' ? 'All' : CATEGORY_LABELS[filter]);

export default function Commands() {
  const { data: commands = [] } = useApi(apiKeys.commands);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('All');
  const shown = filterCommands(commands, query, category);
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
            <button
              key={f}
              type="button"
              aria-pressed={category === f}
              onClick={() => setCategory(f)}
              className={`rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                category === f
                  ? 'bg-indigo-600 text-white'
                  : 'bg-gray-200 text-gray-800 hover:bg-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700'
              }`}
            >
              {filterLabel(f)}
            </button>
          ))}
        </div>
      </div>
      <p className="sr-only" role="status">{`${shown.length} commands shown`}</p>
      {shown.length === 0 ? (
        <p className="mt-10 text-center text-gray-600 dark:text-gray-400">{`No commands found matching "${query}"`}</p>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((c) => (
            <CommandCard key={c.commandName} command={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommandCard({ command }: { command: Command }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
        className="w-full rounded-xl p-4 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <span className="flex items-center justify-between gap-2">
          <span className="font-mono font-semibold text-indigo-600 dark:text-indigo-400">{command.commandName}</span>
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">
            {CATEGORY_LABELS[command.category]}
          </span>
        </span>
        <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">{command.description}</span>
        {command.aliases.length > 0 && <span className="mt-1 block text-xs text-gray-600 dark:text-gray-400">{`Aliases: ${command.aliases.join(', ')}`}</span>}
      </button>
      {open && (
        <dl id={detailsId} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-gray-200 p-4 text-sm dark:border-gray-800">
          <dt className="text-gray-600 dark:text-gray-400">Syntax</dt>
          <dd className="font-mono">{command.syntax}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Example</dt>
          <dd className="font-mono">{command.example}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Cooldown</dt>
          <dd>{`${command.cooldown} seconds`}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Required arguments</dt>
          <dd>{command.reqargs}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Category</dt>
          <dd>{CATEGORY_LABELS[command.category]}</dd>
        </dl>
      )}
    </li>
  );
}
