/**
 * The settings modules by the registry's names, in the page's order, with their titles exactly as SPEC section 2
 * names them. What a page's address needs (src/shared/settings-paths.ts) reads only this, not the fields.
 */
export const MODULE_TITLES = {
  antinuke: 'Anti-Nuke',
  antimp3: 'Anti-MP3',
  autorole: 'Auto-Role',
  welcomemessage: 'Welcome Message',
  jail: 'Jail',
  logs: 'Logs',
  reactionrole: 'Reaction Role',
  starboard: 'Starboard',
  serverDisabledCommands: 'Disabled Commands',
  ticket: 'Ticket',
} as const;

export type ModuleName = keyof typeof MODULE_TITLES;

export const MODULE_NAMES = Object.keys(MODULE_TITLES) as ModuleName[];

export const moduleTitle = (module: ModuleName): string => MODULE_TITLES[module];
