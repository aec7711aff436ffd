export const COMMAND_CATEGORIES = ['LastFM', 'fun', 'info', 'moderation', 'utility'] as const;
export type CommandCategory = (typeof COMMAND_CATEGORIES)[number];

/** How a category reads on the page: one casing for all (the data keeps the bot's own names). */
export const CATEGORY_LABELS: Readonly<Record<CommandCategory, string>> = {
  LastFM: 'LastFM',
  fun: 'Fun',
  info: 'Info',
  moderation: 'Moderation',
  utility: 'Utility',
};

/** One entry of the bot's command catalogue (SPEC section 3). */
export interface Command {
  commandName: string;
  aliases: string[];
  description: string;
  /** Usage line, e.g. `,ban <user> [reason]`. */
  syntax: string;
  example: string;
  /** Cooldown in seconds, 0–30. */
  cooldown: number;
  /** Number of required arguments. */
  reqargs: number;
  category: CommandCategory;
}
