import type { Command, CommandCategory } from '../../../shared/commands-types';

export type CategoryFilter = CommandCategory | 'All';

/**
 * The catalogue's search: a case-insensitive substring of the name or an alias, within a category, sorted by name.
 * Names are lowercase letters and digits (tests/client/commands-data.test.ts), which code units order as a collation
 * would: localeCompare's first call loads the ICU data, tens of milliseconds of a phone's CPU before the page hydrates.
 */
export function filterCommands(commands: readonly Command[], query: string, category: CategoryFilter): Command[] {
  const q = query.trim().toLowerCase();
  return commands
    .filter((c) => category === 'All' || c.category === category)
    .filter((c) => !q || c.commandName.toLowerCase().includes(q) || c.aliases.some((a) => a.toLowerCase().includes(q)))
    .sort((a, b) => (a.commandName < b.commandName ? -1 : 1));
}
