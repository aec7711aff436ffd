import type { Command, CommandCategory } from '../../../shared/commands-types';
import { byCommandName } from '../../../shared/commands';

export type CategoryFilter = CommandCategory | 'All';

/** The catalogue's search: a case-insensitive substring of the name or an alias, within a category, sorted by name. */
export function filterCommands(commands: readonly Command[], query: string, category: CategoryFilter): Command[] {
  const q = query.trim().toLowerCase();
  return commands
    .filter((c) => category === 'All' || c.category === category)
    .filter((c) => !q || c.commandName.toLowerCase().includes(q) || c.aliases.some((a) => a.toLowerCase().includes(q)))
    .sort(byCommandName);
}
