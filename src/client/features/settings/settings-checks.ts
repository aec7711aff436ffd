import { useEffect, useState } from 'react';
import { moduleOnDemand } from '../../module-on-demand';

/**
 * The registry's checks (shared/settings/field-values) build zod schemas, and zod is 24 KiB of gzip that took a
 * phone-class CPU tens of milliseconds to evaluate before the settings page could hydrate. The page draws without
 * them and loads them once it is interactive: a field checks what is typed with them, a save or a live change is
 * applied through them, and a value described in words (Recent changes, an import's preview, a live toast) waits
 * for them.
 */
export type SettingsChecks = typeof import('../../../shared/settings/field-values');

/**
 * What a field's check answers while the checks are still loading: the value can be neither refused nor sent yet, so
 * a commit waits for them (the control keeps what was typed, and commits it once they are in).
 */
export const CHECKS_PENDING = Symbol('the settings checks are loading');
/** Why a value would be refused, null when it fits, or CHECKS_PENDING. */
export type Validation = string | null | typeof CHECKS_PENDING;

const checks = moduleOnDemand<SettingsChecks>(() => import('../../../shared/settings/field-values'));

/** The checks, loaded once; a failed load (offline) is tried again by the next caller. */
export const loadSettingsChecks = checks.load;

export const settingsChecksLoaded = (): boolean => checks.loaded() !== undefined;

/** The checks where the caller has waited for them (loadSettingsChecks, or useSettingsChecks gave them). */
export function loadedSettingsChecks(): SettingsChecks {
  const loaded = checks.loaded();
  if (loaded === undefined) throw new Error('The settings checks are used before they have loaded.');
  return loaded;
}

/** The checks, or null until they have loaded; the first component that asks starts loading them, after hydration. */
export function useSettingsChecks(): SettingsChecks | null {
  const [loaded, setLoaded] = useState(() => checks.loaded() ?? null);
  useEffect(() => {
    if (loaded === null) loadSettingsChecks().then(setLoaded, (error: unknown) => console.error(error));
  }, [loaded]);
  return loaded;
}
