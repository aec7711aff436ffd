/**
 * One table, one row per kind of field: its schema (built from the field's own bounds and default), its
 * default, how the audit and the import preview show a value, what the page says about a value that does
 * not fit, and a value a test can save in any server. The registry's fields are read through it
 * (settings/field-values).
 */
import { z } from 'zod';
import { COMMAND_NAMES, COMMANDS } from '../commands';
import { parseMessageLink } from './inputs';
import { isAssignableRole, isMessageChannel, TEXT_CHANNEL_TYPE } from './guild';
import type { FieldKind, FieldSpec, FieldSpecOf, KindDefinition } from './field-specs';
import { MAX_TRUSTED_ROLES } from './antinuke';
import { repeatedEmoji, type ReactionPair } from './reaction-pairs';
import { excerpt } from '../audit-excerpt';
import { EMBED_KINDS } from './kinds-embed';
import { emojiText, snowflake, optionalId, uniqueList, listOf, messageText, roleName, channelName } from './field-schemas';
import { formatCount } from '../count-format';

export const MAX_ANTINUKE_WHITELIST = 100;
/** Any valid snowflake: a message or user id a test may store without it having to exist. */
const SAMPLE_ID = '112233445566778899';

const firstOf = <T>(list: readonly T[], what: string): T => {
  const [first] = list;
  if (first === undefined) throw new Error(`the sample needs ${what} in the server`);
  return first;
};

/** Keeps each row's value type: `KindDefinition<T, FieldSpecOf<K>>` for its own K. */
const kind = <K extends FieldKind, T>(_kind: K, definition: KindDefinition<T, FieldSpecOf<K>>) => definition;

const KINDS = {
  toggle: kind<'toggle', boolean>('toggle', {
    schema: () => z.boolean(),
    defaultValue: () => false,
    describe: (value) => (value ? 'on' : 'off'),
    sample: () => true,
  }),
  userIds: kind<'userIds', string[]>('userIds', {
    schema: () => z.array(snowflake).max(MAX_ANTINUKE_WHITELIST, `holds at most ${MAX_ANTINUKE_WHITELIST} user ids`).overwrite(uniqueList),
    defaultValue: () => [],
    describe: (value) => value.join(', '),
    sample: () => [SAMPLE_ID],
    problem: (_spec, error) =>
      error.issues.some((issue) => issue.code === 'too_big')
        ? `Enter at most ${MAX_ANTINUKE_WHITELIST} user IDs.`
        : 'Enter Discord user IDs: 17–20 digits, separated by commas.',
  }),
  assignableRole: kind<'assignableRole', string | null>('assignableRole', {
    schema: () => optionalId,
    defaultValue: () => null,
    describe: (value, guild) => (value === null ? 'none' : roleName(guild, value)),
    sample: (guild) =>
      firstOf(
        guild.roles.filter((role) => isAssignableRole(role, guild.botHighestRolePosition)),
        'a role below the bot',
      ).id,
  }),
  role: kind<'role', string | null>('role', {
    schema: () => optionalId,
    defaultValue: () => null,
    describe: (value, guild) => (value === null ? 'none' : roleName(guild, value)),
    sample: (guild) =>
      firstOf(
        guild.roles.filter((role) => !role.managed && role.id !== guild.id),
        'a role',
      ).id,
  }),
  roles: kind<'roles', string[]>('roles', {
    schema: () => z.array(snowflake).max(MAX_TRUSTED_ROLES, `holds at most ${MAX_TRUSTED_ROLES} roles`).overwrite(uniqueList),
    defaultValue: () => [],
    describe: (value, guild) => value.map((id) => roleName(guild, id)).join(', '),
    sample: (guild) => [
      firstOf(
        guild.roles.filter((role) => !role.managed && role.id !== guild.id),
        'a role',
      ).id,
    ],
    problem: () => `Choose at most ${MAX_TRUSTED_ROLES} roles of this server.`,
  }),
  textChannel: kind<'textChannel', string | null>('textChannel', {
    schema: () => optionalId,
    defaultValue: () => null,
    describe: (value, guild) => (value === null ? 'none' : channelName(guild, value)),
    sample: (guild) =>
      firstOf(
        guild.channels.filter((channel) => channel.type === TEXT_CHANNEL_TYPE),
        'a text channel',
      ).id,
  }),
  messageId: kind<'messageId', string | null>('messageId', {
    // A pasted link is read as its message id; the page and the Worker keep its channel beside it.
    schema: () => z.preprocess((value) => (typeof value === 'string' ? (parseMessageLink(value)?.messageID ?? value) : value), optionalId),
    defaultValue: () => null,
    describe: (value) => value ?? 'none',
    sample: () => SAMPLE_ID,
    problem: () => 'Enter a message ID (17–20 digits) or paste the message link.',
  }),
  messageChannel: kind<'messageChannel', string | null>('messageChannel', {
    schema: () => optionalId,
    defaultValue: () => null,
    describe: (value, guild) => (value === null ? 'none' : channelName(guild, value)),
    sample: (guild) => firstOf(guild.channels.filter(isMessageChannel), 'a text or announcement channel').id,
  }),
  emoji: kind<'emoji', string | null>('emoji', {
    // With a default the emoji is always set: clearing it is refused rather than leaving the feature without one.
    schema: (spec) => {
      const emoji = emojiText();
      return spec.default === undefined ? emoji : emoji.pipe(z.string({ error: 'must be set' }));
    },
    defaultValue: (spec) => spec.default ?? null,
    describe: (value) => value ?? 'none',
    sample: (guild) => guild.emojis[0]?.name ?? '⭐',
    problem: (spec) =>
      `Enter one emoji, or the name of one of this server’s emoji (2–32 letters, digits or _)${spec.default === undefined ? '' : ', or pick one'}.`,
  }),
  reactionPairs: kind<'reactionPairs', ReactionPair[]>('reactionPairs', {
    schema: ({ max }) =>
      z
        .array(z.strictObject({ emojiName: emojiText().pipe(z.string({ error: 'must be set' })), roleID: snowflake }))
        .max(max, `holds at most ${max} pairs`)
        .superRefine((pairs, ctx) => {
          const repeated = repeatedEmoji(pairs.map((pair) => pair.emojiName));
          if (repeated !== null) ctx.addIssue({ code: 'custom', message: `holds the emoji ${repeated} twice: each emoji can give one role` });
        }),
    defaultValue: () => [],
    describe: (value, guild) => value.map((pair) => `${pair.emojiName} → ${roleName(guild, pair.roleID)}`).join(', '),
    sample: (guild) =>
      guild.roles
        .filter((role) => isAssignableRole(role, guild.botHighestRolePosition))
        .slice(0, 2)
        .map((role, index) => ({ emojiName: ['✅', '🎮'][index] ?? '🎵', roleID: role.id })),
    problem: ({ max }, error) => {
      if (error.issues.some((issue) => issue.code === 'too_big' && issue.path.length === 0)) return `Add at most ${max} more pairs.`;
      const repeated = error.issues.find((issue) => issue.message.startsWith('holds the emoji'));
      if (repeated) return `Each emoji can give one role: ${repeated.message.replace(/^holds the emoji (.+) twice.*$/u, '$1')} is used twice.`;
      return 'Give every pair one emoji (or a server emoji’s name) and a role.';
    },
  }),
  commands: kind<'commands', string[]>('commands', {
    schema: () =>
      z
        .array(
          z
            .string()
            .trim()
            .toLowerCase()
            .refine((name) => COMMAND_NAMES.has(name), { error: (issue) => `'${String(issue.input)}' is not a command of the bot` }),
        )
        .max(COMMANDS.length * 2, 'has too many entries')
        // SPEC 5: adding a command that is already disabled is ignored, so duplicates collapse.
        .overwrite(uniqueList),
    defaultValue: () => [],
    describe: (value) => value.join(', '),
    sample: () => COMMANDS.slice(0, 2).map((command) => command.commandName),
  }),
  integer: kind<'integer', number>('integer', {
    schema: ({ min, max }) => {
      const message = `must be a whole number from ${min} to ${max}`;
      return z.number({ error: message }).int(message).min(min, message).max(max, message);
    },
    defaultValue: (spec) => spec.default,
    describe: (value) => String(value),
    sample: (_guild, spec) => spec.max,
    problem: ({ min, max }) => `Enter a whole number from ${min} to ${max}.`,
  }),
  messageText: kind<'messageText', string>('messageText', {
    schema: (spec) => messageText(spec.maxLength),
    defaultValue: (spec) => spec.default,
    describe: excerpt,
    sample: () => 'Hello {user.mention}, welcome to {server}!\nRead #rules first.',
    problem: (spec) => `Write the message: 1 to ${formatCount(spec.maxLength)} characters.`,
  }),
  ...EMBED_KINDS,
  checklist: kind<'checklist', string[]>('checklist', {
    schema: ({ options }) => {
      const values = options.map((option) => option.value);
      return (
        z
          .array(z.string().refine((value) => values.includes(value), { error: (issue) => `'${String(issue.input)}' is not one of ${values.join(', ')}` }))
          .max(values.length * 2, 'has too many entries')
          // One order whatever the input's: the options' own, without repeats.
          .transform((list) => values.filter((value) => list.includes(value)))
          .pipe(listOf(z.enum(values)))
      );
    },
    defaultValue: ({ options }) => options.map((option) => option.value),
    describe: (value, _guild, { options }) =>
      value.length === options.length
        ? 'all'
        : options
            .filter((option) => value.includes(option.value))
            .map((option) => option.label)
            .join(', '),
    sample: (_guild, { options }) => options.slice(1).map((option) => option.value),
    problem: () => 'Choose among the listed options.',
  }),
  choice: kind<'choice', string>('choice', {
    // An enum, so the bot's OpenAPI document lists the options.
    schema: ({ options }) => {
      const values = options.map((option) => option.value);
      return z.enum(values as [string, ...string[]], { error: `must be one of ${values.join(', ')}` });
    },
    defaultValue: (spec) => spec.default,
    describe: (value, _guild, { options }) => options.find((option) => option.value === value)?.label ?? value,
    sample: (_guild, { options }) => options.at(-1)?.value ?? '',
    problem: () => 'Choose one of the listed options.',
  }),
} satisfies { [K in FieldKind]: Pick<KindDefinition<unknown, FieldSpecOf<K>>, 'schema'> };

/** The value type of each kind. */
export type KindValue<K extends FieldKind> = z.output<ReturnType<(typeof KINDS)[K]['schema']>>;

/** A field's row of the table, taking the field's own spec. */
export const definitionOf = (spec: FieldSpec): KindDefinition<unknown, FieldSpec> => KINDS[spec.kind];
