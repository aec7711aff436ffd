/** The Disabled Commands picker's search (SPEC section 2), apart from what else owners type: it brings the catalogue. */
import { COMMANDS } from '../commands';
import type { Command } from '../commands-types';

/**
 * SPEC section 2: case-insensitive substring match on commandName, without the already disabled ones;
 * blank → none. Ranked exact, then prefix, then the rest, so Enter on 'ban' disables `ban`, not `banner`; by name
 * within a rank, in code units (the names are lowercase letters and digits: tests/client/commands-data.test.ts).
 */
export function searchCommandsToDisable(query: string, disabled: readonly string[], catalogue: readonly Command[] = COMMANDS): Command[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const taken = new Set(disabled);
  const rank = (name: string) => (name === needle ? 0 : name.startsWith(needle) ? 1 : 2);
  return catalogue
    .filter((command) => !taken.has(command.commandName) && command.commandName.toLowerCase().includes(needle))
    .map((command) => ({ command, rank: rank(command.commandName.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || (a.command.commandName < b.command.commandName ? -1 : 1))
    .map(({ command }) => command);
}
