/**
 * How the Recent changes list tells a change's two values apart: a long text shows the stretch where it differs
 * (two excerpts of a text's start would often read the same), a channel the server no longer has says so, and
 * members show by name.
 */
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { fieldKind, isSectionName, isSettingKey } from '../../../shared/settings/registry';
import { membersText, type KnownMembers } from './member-names';
import { loadedSettingsChecks } from './settings-checks';

/** A stored channel that is not among the server's channels (deleted since, or never this server's). */
export const MISSING_CHANNEL = 'a channel not in this server';

/** Characters of unchanged text kept on each side of a difference, and the most of the differing stretch shown. */
export const DIFF_CONTEXT = 24;
export const DIFF_MAX_CHANGED = 48;
/** Texts up to this long show whole: their difference is in sight. */
const WHOLE_TEXT = DIFF_CONTEXT * 2 + DIFF_MAX_CHANGED;

/** A line break as the list shows it: the list is one line per value. */
const oneLine = (text: string) => text.replace(/\r?\n/g, '↵');

/**
 * The part of each text around where they first differ: some unchanged text before it, the differing stretch (at
 * most DIFF_MAX_CHANGED characters) and some after, with an ellipsis where a text goes on. Counted in code points,
 * so an emoji is never cut in half.
 */
export function differingWindows(before: string, after: string): [string, string] {
  const a = Array.from(oneLine(before));
  const b = Array.from(oneLine(after));
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let tail = 0;
  while (tail < a.length - start && tail < b.length - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const window = (text: string[]) => {
    const from = Math.max(0, start - DIFF_CONTEXT);
    const changedEnd = Math.min(text.length - tail, start + DIFF_MAX_CHANGED);
    const to = Math.min(text.length, changedEnd + DIFF_CONTEXT);
    return `“${from > 0 ? '…' : ''}${text.slice(from, to).join('')}${to < text.length ? '…' : ''}”`;
  };
  return [window(a), window(b)];
}

const kindOf = (section: string, key: string) => (isSectionName(section) && isSettingKey(section, key) ? fieldKind(section, key) : undefined);
const isChannelField = (section: string, key: string) => ['textChannel', 'messageChannel'].includes(kindOf(section, key) ?? '');

/** Whether a field lists members (Anti-Nuke's trusted members), whose ids the list names by what the server said. */
export const isMemberField = (section: string, key: string) => kindOf(section, key) === 'userIds';

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string');

/** The member ids some changes name (their values before and after), each once: a list asks the server for their names. */
export const memberIdsOf = (changes: readonly { section: string; key: string; values: readonly unknown[] }[]) => [
  ...new Set(changes.filter((change) => isMemberField(change.section, change.key)).flatMap((change) => change.values.filter(isIdList).flat())),
];

/** One value of a change as the list reads it; members by name once `members` (the server's answer) names them. Needs the checks loaded. */
export function changeValueText(section: string, key: string, value: unknown, settings: ServerSettingsResponse, members?: KnownMembers): string {
  if (typeof value === 'string' && isChannelField(section, key) && !settings.channels.some((channel) => channel.id === value)) return MISSING_CHANNEL;
  if (isMemberField(section, key) && isIdList(value)) return membersText(value, members);
  return loadedSettingsChecks().describeValue(section, key, value, settings);
}

/** A change's before and after, told apart. */
export function changeTexts(
  { section, key, oldValue, newValue }: { section: string; key: string; oldValue: unknown; newValue: unknown },
  settings: ServerSettingsResponse,
  members?: KnownMembers,
): { before: string; after: string } {
  const before = changeValueText(section, key, oldValue, settings, members);
  const after = changeValueText(section, key, newValue, settings, members);
  const texts = typeof oldValue === 'string' && typeof newValue === 'string' && oldValue !== '' && newValue !== '' && oldValue !== newValue;
  // Two texts whose excerpts read the same, or too long for their difference to be in sight: where they differ.
  if (texts && (before === after || Math.max(oldValue.length, newValue.length) > WHOLE_TEXT)) {
    const [from, to] = differingWindows(oldValue, newValue);
    return { before: from, after: to };
  }
  return { before, after };
}
