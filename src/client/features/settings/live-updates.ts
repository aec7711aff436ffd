/** What a settings page does with a change saved elsewhere: which fields take it, which wait, and what it says. */
import { MADE_IN_DISCORD, type ServerSettingsResponse } from '../../../shared/settings/api';
import { isSectionName, isSettingKey, type SectionName } from '../../../shared/settings/registry';
import type { LiveLicenceEvent, LiveSettingsEvent } from '../../../shared/live';
import { describeSettingValue, settingName } from './RecentChanges';
import { fieldId } from './useSettingsSaver';
import { settingControlId } from './setting-control-id';
import { changeAuthor } from './change-author';

export interface KnownChange {
  section: SectionName;
  key: string;
  value: unknown;
}

export interface LivePlan {
  /** Changes the page shows at once. */
  apply: KnownChange[];
  /** Changes to the field being typed in: they wait until the person leaves it, and their save asks which to keep. */
  hold: KnownChange[];
  /** The toast: who changed what, and the new value or the settings' names; null when the page changes not at all. */
  toast: { title: string; detail: string; warn: boolean } | null;
}

export interface LiveContext {
  /** The ids the server gave this page's socket (its current one and a few before): its own changes are already on the page. */
  ownTabs: readonly string[];
  userId: string | null;
  /** The id of the field being typed in (focused, with text not yet saved): it is left alone. */
  editing: string | null;
  /** Per field (`fieldId`), the time of the newest change already applied: an older one arrived late. */
  appliedAt: ReadonlyMap<string, number>;
}

const NOTHING: LivePlan = { apply: [], hold: [], toast: null };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const stored = (settings: ServerSettingsResponse, { section, key }: KnownChange) => (settings[section] as Record<string, unknown>)[key];

const whoMade = (event: LiveSettingsEvent, userId: string | null) => changeAuthor(event.by.id, event.by.name, userId);
const isOwn = (tab: string | null, context: Pick<LiveContext, 'ownTabs'>) => tab !== null && context.ownTabs.includes(tab);

function announce(event: LiveSettingsEvent, changes: readonly KnownChange[], settings: ServerSettingsResponse, userId: string | null) {
  const who = whoMade(event, userId);
  const [first] = changes;
  if (event.source === 'import' || !first || changes.length > 1) {
    const title = `${who} ${event.source === 'import' ? 'imported' : 'changed'} ${changes.length} ${changes.length === 1 ? 'setting' : 'settings'}`;
    return { title, detail: changes.map((change) => settingName(change.section, change.key)).join(', ') };
  }
  return {
    title: `${who} ${event.source === 'revert' ? 'reverted' : 'changed'} ${settingName(first.section, first.key)}${event.source === 'bot' ? ` ${MADE_IN_DISCORD}` : ''}`,
    detail: `to ${describeSettingValue(first.section, first.key, first.value, settings)}`,
  };
}

/** The plan for one event against what the page shows now. */
export function planLiveEvent(event: LiveSettingsEvent, settings: ServerSettingsResponse, context: LiveContext): LivePlan {
  if (isOwn(event.tab, context)) return NOTHING;
  const known = event.changes.filter((change): change is KnownChange => isSectionName(change.section) && isSettingKey(change.section, change.key));
  const fresh = known.filter(
    (change) => !same(stored(settings, change), change.value) && (context.appliedAt.get(fieldId(change.section, change.key)) ?? 0) <= event.at,
  );
  if (fresh.length === 0) return NOTHING;
  const typingIn = (change: KnownChange) => settingControlId(change.section, change.key) === context.editing;
  const hold = fresh.filter(typingIn);
  const { title, detail } = announce(event, fresh, settings, context.userId);
  const [held] = hold;
  return {
    apply: fresh.filter((change) => !typingIn(change)),
    hold,
    toast: held
      ? {
          title,
          detail: `${detail}. Your text in ${settingName(held.section, held.key)} stays until you leave the field; saving it asks which to keep.`,
          warn: true,
        }
      : { title, detail, warn: false },
  };
}

/**
 * What the page says of a licence change made elsewhere (it then reads its settings again); null for this page's
 * own. It names nobody: the event does not say who (an admin's identity is not for the server's readers).
 */
export function licenceToast(event: LiveLicenceEvent, context: Pick<LiveContext, 'ownTabs'>): { title: string; detail: string } | null {
  if (isOwn(event.tab, context)) return null;
  return { title: 'This server’s licence changed', detail: 'Its state below is up to date.' };
}
