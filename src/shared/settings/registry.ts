/**
 * The one description of the bot's settings: every module (SPEC section 2's sections) with its title,
 * what the bot does with it, its icon, its fields and its toggle rule. The schema, the defaults, the toggle
 * rules, the labels, the settings page, the audit panel and the bot API all derive from this table, so a
 * new module or field is one entry here (plus its test).
 */
import { ANTINUKE_THRESHOLD, ANTINUKE_WINDOW_SECONDS } from './antinuke';
import { MAX_REACTION_PAIRS, reactionPairsProblem } from './reaction-pairs';

import { eventChannelFields, LOG_EVENTS } from './log-events';
import { WELCOME_FIELDS } from './welcome-fields';
import type { FieldGroup, FieldKind, FieldSpec, ModuleSpec } from './field-specs';

/** Anti-Nuke's threshold and window, read together: "5 actions within 30 seconds". */
const ANTINUKE_TRIGGER: FieldGroup = {
  id: 'trigger',
  title: 'When it acts',
  help: 'When one member takes this many of the counted actions within this many seconds.',
  inline: true,
};

const MESSAGE_ID_HELP = 'In Discord, turn on Developer Mode, right-click the message and choose Copy Message ID, or paste the message link.';

export const SETTINGS_REGISTRY = {
  antinuke: {
    title: 'Anti-Nuke',
    description: 'Stops mass bans, kicks, channel and role deletions, and acts against whoever starts them.',
    icon: 'shield',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Anti-Nuke' },
      threshold: {
        kind: 'integer',
        label: 'Actions that trigger it',
        min: ANTINUKE_THRESHOLD.min,
        max: ANTINUKE_THRESHOLD.max,
        default: ANTINUKE_THRESHOLD.default,
        help: `${ANTINUKE_THRESHOLD.min} to ${ANTINUKE_THRESHOLD.max} actions`,
        group: ANTINUKE_TRIGGER,
      },
      windowSeconds: {
        kind: 'integer',
        label: 'Within (seconds)',
        min: ANTINUKE_WINDOW_SECONDS.min,
        max: ANTINUKE_WINDOW_SECONDS.max,
        default: ANTINUKE_WINDOW_SECONDS.default,
        help: `${ANTINUKE_WINDOW_SECONDS.min} to ${ANTINUKE_WINDOW_SECONDS.max} seconds`,
        group: ANTINUKE_TRIGGER,
      },
      actions: {
        kind: 'checklist',
        label: 'Actions counted',
        options: [
          { value: 'ban', label: 'Bans' },
          { value: 'kick', label: 'Kicks' },
          { value: 'channelDelete', label: 'Channel deletions' },
          { value: 'roleDelete', label: 'Role deletions' },
        ],
      },
      punishment: {
        kind: 'choice',
        label: 'Action against them',
        control: 'select',
        default: 'removeRoles',
        options: [
          { value: 'removeRoles', label: 'Remove their roles' },
          { value: 'kick', label: 'Kick them' },
          { value: 'ban', label: 'Ban them' },
        ],
      },
      whitelist: {
        kind: 'userIds',
        label: 'Trusted members',
        help: 'Members anti-nuke never acts against. Search by name, or paste user IDs.',
        placeholder: 'Search members by name',
      },
      trustedRoles: {
        kind: 'roles',
        label: 'Trusted roles',
        help: 'Members with any of these roles are never acted against.',
      },
    },
  },
  antimp3: {
    title: 'Anti-MP3',
    description: 'Deletes audio files posted in the server’s text channels.',
    icon: 'music-off',
    fields: { enabled: { kind: 'toggle', label: 'Enable Anti-MP3' } },
  },
  autorole: {
    title: 'Auto-Role',
    description: 'Gives every new member a role as they join.',
    icon: 'user-plus',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Auto-Role' },
      roleID: { kind: 'assignableRole', label: 'Role', requirementName: 'a role' },
    },
    requires: ['roleID'],
  },
  welcomemessage: {
    title: 'Welcome Message',
    description: 'Greets new members in a channel of your choice or by direct message, and says goodbye when they leave.',
    icon: 'wave',
    fields: WELCOME_FIELDS,
    requires: ['channelID'],
  },
  jail: {
    title: 'Jail',
    description: 'Where jailed members can still talk to your staff (the jail command uses it).',
    icon: 'lock',
    fields: { jailChannel: { kind: 'textChannel', label: 'Jail channel' } },
  },
  logs: {
    title: 'Logs',
    description: 'Posts moderation actions, joins and leaves, and edited or deleted messages to a channel, or each event to its own.',
    icon: 'scroll',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Logs' },
      channelID: { kind: 'textChannel', label: 'Channel', requirementName: 'a channel' },
      events: { kind: 'checklist', label: 'Events to log', options: LOG_EVENTS },
      ...eventChannelFields(),
    },
    requires: ['channelID'],
  },
  reactionrole: {
    title: 'Reaction Role',
    description: 'Gives a role to members who react to a message with an emoji, and takes it back when they remove it.',
    icon: 'smile',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Reaction Role' },
      roleID: { kind: 'assignableRole', label: 'Role', requirementName: 'a role' },
      messageID: {
        kind: 'messageId',
        label: 'Message ID',
        requirementName: 'a message ID',
        placeholder: 'Message to react to',
        help: MESSAGE_ID_HELP,
        channelKey: 'messageChannelID',
      },
      messageChannelID: { kind: 'messageChannel', label: 'Message channel' },
      emojiName: { kind: 'emoji', label: 'Emoji name', placeholder: 'e.g. ⭐ or pepe' },
      extraPairs: {
        kind: 'reactionPairs',
        label: 'More emoji and roles',
        max: MAX_REACTION_PAIRS - 1,
        help: `Up to ${MAX_REACTION_PAIRS} pairs on the message, the one above included (Discord's limit of reactions a message can have). Each emoji once.`,
      },
      mode: {
        kind: 'choice',
        label: 'Mode',
        control: 'radio',
        default: 'toggle',
        options: [
          { value: 'toggle', label: 'Toggle', help: 'Reacting gives the role, removing the reaction takes it back.' },
          { value: 'unique', label: 'Unique', help: 'One role of the set at a time: a new reaction replaces the previous role.' },
          { value: 'verify', label: 'Verify', help: 'Reacting gives the role; removing the reaction keeps it.' },
        ],
      },
    },
    requires: ['roleID', 'messageID'],
    check: reactionPairsProblem,
  },
  starboard: {
    title: 'Starboard',
    description: 'Reposts messages that collect enough reactions to a channel of highlights.',
    icon: 'star',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Starboard' },
      starboardChannel: { kind: 'textChannel', label: 'Starboard channel', requirementName: 'a starboard channel' },
      threshold: {
        kind: 'integer',
        label: 'Reactions needed',
        min: 1,
        max: 100,
        default: 3,
        help: 'A message is reposted once this many people react (1–100).',
      },
      emoji: { kind: 'emoji', label: 'Emoji', default: '⭐', placeholder: 'e.g. ⭐ or pepe' },
    },
    requires: ['starboardChannel'],
  },
  serverDisabledCommands: {
    title: 'Disabled Commands',
    description: 'Commands the bot ignores everywhere in this server.',
    icon: 'ban',
    fields: { commandNames: { kind: 'commands', label: 'Disabled commands' } },
  },
  ticket: {
    title: 'Ticket',
    description: 'Opens a private support channel with your staff when a member reacts to a message.',
    icon: 'ticket',
    fields: {
      enabled: { kind: 'toggle', label: 'Enable Ticket' },
      messageID: {
        kind: 'messageId',
        label: 'Message ID',
        requirementName: 'a message ID',
        placeholder: 'Message that opens tickets',
        help: MESSAGE_ID_HELP,
        channelKey: 'messageChannelID',
      },
      messageChannelID: { kind: 'messageChannel', label: 'Message channel' },
      staffRoleID: { kind: 'role', label: 'Staff role', requirementName: 'a staff role' },
      emojiName: { kind: 'emoji', label: 'Emoji', placeholder: 'e.g. 🎫' },
    },
    requires: ['messageID', 'staffRoleID'],
  },
} as const satisfies Record<string, ModuleSpec>;

type Registry = typeof SETTINGS_REGISTRY;
export type SectionName = keyof Registry;
export type SettingKey<S extends SectionName = SectionName> = Extract<keyof Registry[S]['fields'], string>;
/** Each module's fields and their kinds, as types. */
export type SectionFields = { [S in SectionName]: { [K in SettingKey<S>]: Registry[S]['fields'][K] extends { kind: infer F } ? F : never } };

/** The modules in the order the page shows them. */
export const SECTION_NAMES = Object.keys(SETTINGS_REGISTRY) as SectionName[];

export const moduleSpec = (section: SectionName): ModuleSpec => SETTINGS_REGISTRY[section];

export function fieldSpec(section: SectionName, key: string): FieldSpec | undefined {
  const { fields } = moduleSpec(section);
  return Object.hasOwn(fields, key) ? fields[key] : undefined;
}

export const moduleTitle = (section: SectionName): string => moduleSpec(section).title;

export const fieldLabel = (section: SectionName, key: string): string => fieldSpec(section, key)?.label ?? key;

/** The name used in toasts and the audit panel: "Auto-Role role", "Enable Logs"… */
export function saveLabel(section: SectionName, key: string): string {
  const spec = fieldSpec(section, key);
  const label = fieldLabel(section, key);
  // Toggles and the commands list already say which module they belong to.
  if (spec?.kind === 'toggle' || spec?.kind === 'commands') return label;
  return `${moduleTitle(section)} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** How the audit panel names a change: "Auto-Role › Role", "Logs › Enabled". */
export function auditLabel(section: SectionName, key: string): string {
  return `${moduleTitle(section)} › ${fieldSpec(section, key)?.kind === 'toggle' ? 'Enabled' : fieldLabel(section, key)}`;
}

/** "a role and a message ID" */
export const requirementNames = (section: SectionName, keys: readonly string[]): string =>
  keys.map((key) => fieldSpec(section, key)?.requirementName ?? key).join(' and ');

export function isSectionName(value: string): value is SectionName {
  return Object.hasOwn(SETTINGS_REGISTRY, value);
}

export function isSettingKey(section: SectionName, key: string): boolean {
  return fieldSpec(section, key) !== undefined;
}

/** A key of the registry's spec; callers check isSettingKey first for keys from outside. */
export function knownField(section: SectionName, key: string): FieldSpec {
  const spec = fieldSpec(section, key);
  if (!spec) throw new Error(`${section}.${key} is not a setting`);
  return spec;
}

export const fieldKind = (section: SectionName, key: string): FieldKind => knownField(section, key).kind;

export function settingKeys(section: SectionName): string[] {
  return Object.keys(moduleSpec(section).fields);
}
