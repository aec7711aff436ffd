/**
 * The building blocks of the kinds' schemas (kinds.ts): free text, emoji, ids, lists and bot messages, each with
 * the words an owner reads when a value does not fit.
 */
import { z } from 'zod';
import { formatCount } from '../count-format';
import { firstUse } from '../first-use';
import { SNOWFLAKE_PATTERN } from '../discord-ids';
import type { GuildLists } from './guild';
import { hasVisibleCharacter, hiddenCharacterProblem, NO_VISIBLE_CHARACTER, trimSpaces } from '../visible-text';

export const MAX_EMOJI_NAME_LENGTH = 64;
/** Discord's rule for the name of a server's own emoji: 2 to 32 letters, digits or underscores. */
export const SERVER_EMOJI_NAME = /^[A-Za-z0-9_]{2,32}$/;
/**
 * One emoji as Unicode writes it: a recommended sequence (a flag, a skin tone, a family) or one pictograph, with or
 * without its emoji-style selector (U+FE0F), which keyboards add or leave out.
 */
const unicodeEmoji = firstUse(() => new RegExp('^(?:\\p{RGI_Emoji}|\\p{Extended_Pictographic}\\uFE0F?)$', 'v'));
/** Whether a reaction emoji is written as one emoji or as a server emoji's name: anything else cannot be a reaction. */
export const isEmojiOrName = (text: string) => SERVER_EMOJI_NAME.test(text) || unicodeEmoji().test(text);
export const EMOJI_SHAPE = "must be one emoji or the name of one of this server's emoji (2–32 letters, digits or _)";

export const blankToNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export const noInvisibleCharacter = (text: string, ctx: z.RefinementCtx) => {
  const problem = hiddenCharacterProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, abort: true });
};

/** Free text people type and others see: no invisible characters, and only spaces are trimmed (a hidden one at an end is refused, not cut unseen). */
export const freeText = (max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = trimSpaces(value);
      return trimmed === '' ? null : trimmed;
    },
    z.string().superRefine(noInvisibleCharacter).max(max, `must be at most ${max} characters`).regex(/^\S+$/u, 'must not contain spaces').nullable(),
  );

/** One emoji or a server emoji's name, or nothing. */
export const emojiText = () => freeText(MAX_EMOJI_NAME_LENGTH).refine((text) => text === null || isEmojiOrName(text), EMOJI_SHAPE);

export const snowflake = z.string().trim().regex(SNOWFLAKE_PATTERN, 'must be a Discord id (17–20 digits)');
/** An id or nothing: '' and null both mean "not set". */
export const optionalId = z.preprocess(blankToNull, snowflake.nullable());

export const uniqueList = (list: string[]) => [...new Set(list)];
/** What a list's transform answers, stated, so the bot's OpenAPI document can describe it (a transform alone reads as anything). */
export const listOf = <T extends z.ZodType<string, string>>(item: T) => z.array(item);

/**
 * A message the bot posts: line breaks are kept (Windows ones read as one), other invisible characters refused, and
 * something in it must show (a message of U+2800 alone would post as a blank).
 */
export const messageText = (maxLength: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? trimSpaces(value.replace(/\r\n?/g, '\n')) : value),
    z
      .string()
      .min(1, 'must not be empty')
      .max(maxLength, `must be at most ${formatCount(maxLength)} characters`)
      .superRefine((text, ctx) => noInvisibleCharacter(text.replace(/\n/g, ''), ctx))
      .refine(hasVisibleCharacter, NO_VISIBLE_CHARACTER),
  );

export const roleName = (guild: Pick<GuildLists, 'roles'>, id: string) => `@${guild.roles.find((role) => role.id === id)?.name ?? id}`;
export const channelName = (guild: Pick<GuildLists, 'channels'>, id: string) => `#${guild.channels.find((channel) => channel.id === id)?.name ?? id}`;
