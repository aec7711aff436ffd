/** The events the Logs module posts, and the optional channel of each (the module's own channel otherwise). */
import type { ChecklistOption, FieldGroup } from './field-specs';

export const LOG_EVENTS = [
  { value: 'messageEdit', label: 'Message edits' },
  { value: 'messageDelete', label: 'Message deletes' },
  { value: 'memberJoin', label: 'Joins' },
  { value: 'memberLeave', label: 'Leaves' },
  { value: 'moderation', label: 'Moderation actions' },
  { value: 'roleChange', label: 'Role changes' },
  { value: 'channelChange', label: 'Channel changes' },
] as const satisfies readonly ChecklistOption[];

type LogEvent = (typeof LOG_EVENTS)[number];

/** The key of an event's own channel: `messageEditChannelID`. */
export const eventChannelKey = <V extends string>(event: V): `${V}ChannelID` => `${event}ChannelID`;

/** What the page says for an event without its own channel. */
export const DEFAULT_LOG_CHANNEL = 'Default channel';

const EVENT_CHANNELS: FieldGroup = {
  id: 'event-channels',
  title: 'Channel per event',
  help: `An event set to “${DEFAULT_LOG_CHANNEL}” is posted in the channel above.`,
};

export interface EventChannelField {
  kind: 'textChannel';
  label: string;
  noneLabel: string;
  shownWhen: { key: 'events'; has: string };
  group: FieldGroup;
}

/** One channel field per event, shown while the event is logged. */
export function eventChannelFields(): { [E in LogEvent as `${E['value']}ChannelID`]: EventChannelField } {
  return Object.fromEntries(
    LOG_EVENTS.map((event) => [
      eventChannelKey(event.value),
      {
        kind: 'textChannel',
        label: `${event.label} channel`,
        noneLabel: DEFAULT_LOG_CHANNEL,
        shownWhen: { key: 'events', has: event.value },
        group: EVENT_CHANNELS,
      },
    ]),
  ) as { [E in LogEvent as `${E['value']}ChannelID`]: EventChannelField };
}
