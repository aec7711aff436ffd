/** The Disabled Commands picker's search (SPEC section 2), apart from what else owners type: it brings the catalogue. */
import { byCommandName, COMMANDS } from '../commands';
import type { Command } from '../commands-types';

/**
 * SPEC section 2: case-insensitive substring match on commandName, without the already disabled ones;
 * blank → none. Ranked exact, then prefix, then the rest, so Enter on 'ban' disables `ban`, not `banner`; by name
 * within a rank.
 */
export function searchCommandsToDisable(query: string, disabled: readonly string[], catalogue: readonly Command[] = COMMANDS): Command[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const taken = new Set(disabled);
  const rank = (name: string) => (name === needle ? 0 : name.startsWith(needle) ? 1 : 2);
  return catalogue
    .filter((command) => !taken.has(command.commandName) && command.commandName.toLowerCase().includes(needle))
    .map((command) => ({ command, rank: rank(command.commandName.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || byCommandName(a.command, b.command))
    .map(({ command }) => command);
}
