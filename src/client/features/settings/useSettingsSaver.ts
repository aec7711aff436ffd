import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ServerSettingsResponse, SettingConflictBody } from '../../../shared/settings/api';
import type { SectionName } from '../../../shared/settings/registry';
import { withSettingChange } from '../../../shared/settings/values';
import { apiKeys } from '../../../shared/api-keys';
import { conflictOf, isRefusal } from '../../api-refusal';
import { api, answerOf } from '../../api-client';
import { useAuth } from '../../session/useAuth';
import { changeAuthor, OWN_CHANGE_AUTHOR } from './change-author';
import { auditPagesOf } from './RecentChanges';
import { loadSettingsChecks, type SettingsChecks } from './settings-checks';

interface PendingChange {
  seq: number;
  section: SectionName;
  key: string;
  value: unknown;
}

export const fieldId = (section: string, key: string) => `${section}.${key}`;

function readField(settings: ServerSettingsResponse, section: SectionName, key: string): unknown {
  return (settings[section] as Record<string, unknown>)[key];
}

/**
 * Saves one setting at a time, optimistically. What the page shows is the last answer of the server
 * ("confirmed") with the changes still in flight laid over it, so answers arriving out of order never
 * undo a newer edit, and a failed save puts exactly that control back to the stored value.
 */
/** How the last save of a field ended, shown beside it until the next change. */
export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'failed'; message: string; value: unknown }
  /** The server refused the value itself (the same value would be refused again): a typed field keeps it to correct. */
  | { kind: 'refused'; message: string; value: unknown }
  /** Someone else saved the key first: the control shows theirs; `value` is the owner's, to keep if they want. */
  | { kind: 'conflict'; message: string; value: unknown };

/** `userId`: the page's user, named as the live notice named them (they changed it in another tab). */
export function conflictMessage({ changedBy, changedById, changedAt }: SettingConflictBody, userId: string | null): string {
  const who = changeAuthor(changedById, changedBy, userId);
  const at = changedAt ? ` at ${new Date(changedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : '';
  return `${who} changed this${at} while you were editing; it shows ${who === OWN_CHANGE_AUTHOR ? 'that' : 'their'} value now.`;
}

/** How long 'Saved ✓' stays before it fades. */
export const SAVED_NOTICE_MS = 2000;

export function useSettingsSaver(
  serverId: string,
  data: ServerSettingsResponse | undefined,
  onSaved?: (section: SectionName, key: string, answer: ServerSettingsResponse) => void,
) {
  const { mutate } = useSWRConfig();
  const userId = useAuth().user?.id ?? null;
  const key = apiKeys.serverSettings(serverId);
  // Kept current at each commit, so the memoized `save` reads the latest data without changing identity.
  const latest = useRef(data);
  useLayoutEffect(() => {
    latest.current = data;
  }, [data]);
  const confirmed = useRef<ServerSettingsResponse | undefined>(undefined);
  const pending = useRef(new Map<string, PendingChange>());
  const sequence = useRef(0);
  const lastApplied = useRef(0);
  // Per field, the newest save whose answer is in `confirmed`: an older answer for it is stale.
  const appliedByField = useRef(new Map<string, number>());
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, SaveOutcome>>(() => new Map());
  const onSavedRef = useRef(onSaved);
  useLayoutEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  const setOutcome = useCallback((id: string, outcome: SaveOutcome | null) => {
    setOutcomes((before) => {
      const after = new Map(before);
      if (outcome) after.set(id, outcome);
      else after.delete(id);
      return after;
    });
  }, []);

  // The registry's checks, once a save has loaded them. Until then a change is drawn as it was made, with what it
  // carries (values' withSettingChange), so the control moves at once; the checks then draw it as the Worker stores it.
  const checks = useRef<SettingsChecks | null>(null);
  const shown = useCallback((base: ServerSettingsResponse) => {
    const apply = checks.current?.applySettingChange ?? withSettingChange;
    let view = base;
    for (const change of pending.current.values()) view = apply(view, change.section, change.key, change.value);
    return view;
  }, []);

  // A save made as the page goes away (useSaveOnLeave) is still sent; a cache that went with the page (a test's own
  // SWR provider) has nothing left to draw, and the app's one global cache never goes.
  const draw = useCallback((view: ServerSettingsResponse) => mutate(key, view, { revalidate: false }).catch(gone), [key, mutate]);

  const save = useCallback(
    async (section: SectionName, settingKey: string, value: unknown, label: string): Promise<void> => {
      const current = latest.current;
      if (!current) return;
      // With nothing in flight, what SWR holds is what the server said last (initial load or revalidation).
      if (pending.current.size === 0 || !confirmed.current) confirmed.current = current;
      const id = fieldId(section, settingKey);
      // What this editor last saw stored: the value of a save still in flight, or the server's.
      const inFlight = pending.current.get(id);
      const expected = inFlight ? inFlight.value : readField(confirmed.current, section, settingKey);
      const seq = ++sequence.current;
      pending.current.set(id, { seq, section, key: settingKey, value });
      setSaving((before) => new Set(before).add(id));
      setOutcome(id, null);

      try {
        await draw(shown(confirmed.current));
        if (!checks.current) {
          // A save made as soon as the page is interactive sends once the checks are in, its control busy meanwhile.
          checks.current = await loadSettingsChecks();
          await draw(shown(confirmed.current));
        }
        const { applySettingChange } = checks.current;
        // keepalive: a save made as the page is left (pagehide) still reaches the Worker.
        const answer = await answerOf(
          api['update-server-settings'].$post({ json: { serverID: serverId, section, key: settingKey, value, expected } }, { init: { keepalive: true } }),
        );
        if (seq > lastApplied.current) {
          confirmed.current = answer;
          lastApplied.current = seq;
        } else if (seq > (appliedByField.current.get(id) ?? 0)) {
          // A newer answer (of another field) is already shown; keep it, but take this key's stored value from this one.
          confirmed.current = applySettingChange(confirmed.current, section, settingKey, readField(answer, section, settingKey));
        }
        if (seq > (appliedByField.current.get(id) ?? 0)) appliedByField.current.set(id, seq);
        if (pending.current.get(id)?.seq === seq) {
          setOutcome(id, { kind: 'saved' });
          setTimeout(() => {
            setOutcomes((before) => {
              if (before.get(id)?.kind !== 'saved') return before;
              const after = new Map(before);
              after.delete(id);
              return after;
            });
          }, SAVED_NOTICE_MS);
        }
        onSavedRef.current?.(section, settingKey, answer);
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) {
          // A conflict is an answer, so the checks have loaded.
          if (checks.current) confirmed.current = checks.current.applySettingChange(confirmed.current, section, settingKey, conflict.current);
          if (pending.current.get(id)?.seq === seq) setOutcome(id, { kind: 'conflict', message: conflictMessage(conflict, userId), value });
        } else {
          console.error(`Saving ${id} failed`, error);
          // The API names the refused field (`value: …`) for its other callers; here the sentence already names it.
          const reason = error instanceof Error && error.message !== '' ? error.message.replace(/^value: /, '') : 'the request failed';
          // Offline, a timeout or Discord failing: the sentence says so; Retry sends the same value again.
          const message = navigator.onLine ? reason : 'You are offline.';
          const kind = isRefusal(error) ? 'refused' : 'failed';
          if (pending.current.get(id)?.seq === seq) setOutcome(id, { kind, message: `Could not save ${label}: ${message}`, value });
        }
      } finally {
        if (pending.current.get(id)?.seq === seq) {
          pending.current.delete(id);
          setSaving((before) => {
            const after = new Set(before);
            after.delete(id);
            return after;
          });
        }
      }
      await draw(shown(confirmed.current));
      // The 'Recent changes' panel, if it has been opened, shows the new row.
      void mutate(auditPagesOf(serverId)).catch(gone);
    },
    [draw, mutate, serverId, shown, setOutcome, userId],
  );

  const dismiss = useCallback((section: SectionName, settingKey: string) => setOutcome(fieldId(section, settingKey), null), [setOutcome]);

  return { save, saving, outcomes, dismiss };
}

const gone = (): undefined => undefined;
