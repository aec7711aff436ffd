/** The Welcome Message module's fields: the welcome as text or an embed, in the channel or by direct message, and the goodbye. */
import { EMBED_LIMITS } from '../discord-embed-limits';
import type { FieldSpec } from './field-specs';

const SHOWN_AS_TEXT = { key: 'format', has: 'text' };
const SHOWN_AS_EMBED = { key: 'format', has: 'embed' };

export const WELCOME_FIELDS = {
  enabled: { kind: 'toggle', label: 'Enable Welcome Message' },
  channelID: { kind: 'textChannel', label: 'Channel', requirementName: 'a channel' },
  delivery: {
    kind: 'choice',
    label: 'Send it',
    options: [
      { value: 'channel', label: 'In the channel' },
      { value: 'dm', label: 'By direct message' },
      { value: 'both', label: 'Both' },
    ],
    default: 'channel',
    control: 'segments',
    help: 'Members who do not accept direct messages from server members get no direct message.',
  },
  format: {
    kind: 'choice',
    label: 'Style',
    options: [
      { value: 'text', label: 'Plain text' },
      { value: 'embed', label: 'Embed' },
    ],
    default: 'text',
    control: 'segments',
  },
  message: {
    kind: 'messageText',
    label: 'Message',
    maxLength: 2000,
    default: 'Welcome to {server}, {user.mention}! You are member #{memberCount}.',
    help: 'Up to 2,000 characters. Placeholders are filled in when a member joins.',
    shownWhen: SHOWN_AS_TEXT,
  },
  embedTitle: {
    kind: 'lineText',
    label: 'Embed title',
    maxLength: EMBED_LIMITS.title,
    placeholder: 'Welcome to {server}!',
    help: 'Optional, up to 256 characters.',
    shownWhen: SHOWN_AS_EMBED,
  },
  embedColour: { kind: 'colour', label: 'Embed colour', default: 0x5865f2, shownWhen: SHOWN_AS_EMBED },
  embedImageURL: {
    kind: 'imageUrl',
    label: 'Embed image',
    maxLength: EMBED_LIMITS.imageUrl,
    placeholder: 'https://example.com/banner.png',
    help: 'Optional: the https:// address of a PNG, JPEG, GIF or WebP image.',
    shownWhen: SHOWN_AS_EMBED,
  },
  embedDescription: {
    kind: 'messageText',
    label: 'Embed description',
    maxLength: EMBED_LIMITS.description,
    default: 'Welcome to **{server}**, {user.mention}! You are member #{memberCount}.',
    help: 'Up to 4,096 characters. Placeholders are filled in when a member joins.',
    embed: { title: 'embedTitle', colour: 'embedColour', image: 'embedImageURL' },
    shownWhen: SHOWN_AS_EMBED,
  },
  goodbyeChannelID: { kind: 'textChannel', label: 'Goodbye channel', noneLabel: 'No goodbye message' },
  goodbyeMessage: {
    kind: 'messageText',
    label: 'Goodbye message',
    maxLength: 2000,
    default: '{user} has left {server}. We are {memberCount} now.',
    help: 'Up to 2,000 characters. Posted in the goodbye channel when a member leaves.',
    shownWhen: { key: 'goodbyeChannelID' },
  },
} as const satisfies Record<string, FieldSpec>;
