/**
 * A guild's settings as values: their type and the toggle rules (SPEC section 4) the page and the Worker both
 * apply. No schema is built here: the page draws with these before it loads the checks (settings/field-values).
 */
import type { KindValue } from './kinds';
import { parseMessageLink } from './inputs';
import { fieldSpec, moduleSpec, SECTION_NAMES, type SectionFields, type SectionName } from './registry';
import { type FieldKind } from './field-specs';

export type SettingsValues = {
  [S in SectionName]: { [K in keyof SectionFields[S]]: SectionFields[S][K] extends FieldKind ? KindValue<SectionFields[S][K]> : never };
};

/**
 * The other keys one save writes with its own: a message id keeps the channel of the link it was pasted as
 * (for the link back), and a bare id clears a channel that belonged to the previous message.
 */
export function companionChanges(section: SectionName, key: string, value: unknown): { key: string; value: string | null }[] {
  const spec = fieldSpec(section, key);
  if (spec?.kind !== 'messageId') return [];
  return [{ key: spec.channelKey, value: typeof value === 'string' ? (parseMessageLink(value)?.channelID ?? null) : null }];
}

// ── Toggle rules (SPEC section 4) ─────────────────────────────────────────────

/** The fields a section's toggle needs before it can be switched on. */
export function requiredFields(section: SectionName): readonly string[] {
  return moduleSpec(section).requires ?? [];
}

export function isValueSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The required fields of `section` that are not set in `values` (empty when the toggle may be enabled). */
export function missingRequiredFields<S extends SectionName>(section: S, values: SettingsValues[S]): string[] {
  const record = values as Record<string, unknown>;
  return requiredFields(section).filter((key) => !isValueSet(record[key]));
}

/** Why a module's values break its rule across fields (ModuleSpec.check), or null. */
export function moduleProblem<S extends SectionName>(section: S, values: SettingsValues[S]): string | null {
  return moduleSpec(section).check?.(values) ?? null;
}

export type ModuleStatus = 'on' | 'off' | 'needs-setup' | 'set' | 'not-set';

/**
 * A module's state at a glance, for the module navigation: a switch is on, off, or off with required
 * fields missing; a module without a switch (Jail, Disabled Commands) is set or not.
 */
export function moduleStatus<S extends SectionName>(section: S, values: SettingsValues[S]): { status: ModuleStatus; label: string } {
  const record = values as Record<string, unknown>;
  if (typeof record.enabled === 'boolean') {
    if (record.enabled) return { status: 'on', label: 'On' };
    return missingRequiredFields(section, values).length > 0 ? { status: 'needs-setup', label: 'Needs setup' } : { status: 'off', label: 'Off' };
  }
  const lists = Object.values(record).filter(Array.isArray);
  if (lists.length > 0) {
    const count = lists.reduce((sum, list) => sum + list.length, 0);
    return count > 0 ? { status: 'set', label: `${count} disabled` } : { status: 'not-set', label: 'None' };
  }
  return Object.values(record).some(isValueSet) ? { status: 'set', label: 'Set' } : { status: 'not-set', label: 'Not set' };
}

/** Clearing a field the toggle needs switches the section off (the Worker does the same in one batch). */
export function clearsRequiredField(section: SectionName, key: string, value: unknown): boolean {
  return requiredFields(section).includes(key) && !isValueSet(value);
}

/**
 * `settings` with one change and what it carries (its companions, a toggle switched off), storing `stored` for the
 * key: the value as typed, or as the field's schema normalised it (settings/field-values' applySettingChange).
 */
export function withSettingChange<T extends SettingsValues>(settings: T, section: SectionName, key: string, value: unknown, stored: unknown = value): T {
  const next: Record<string, unknown> = { ...(settings[section] as Record<string, unknown>), [key]: stored };
  for (const companion of companionChanges(section, key, value)) next[companion.key] = companion.value;
  if (clearsRequiredField(section, key, value) && next.enabled === true) next.enabled = false;
  return { ...settings, [section]: next };
}

/** Every member id the settings list (the `userIds` fields: Anti-Nuke's trusted members), each once. */
export function storedMemberIds(values: SettingsValues): string[] {
  const ids = SECTION_NAMES.flatMap((section) =>
    Object.entries(values[section] as Record<string, unknown>).flatMap(([key, value]) =>
      fieldSpec(section, key)?.kind === 'userIds' && Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [],
    ),
  );
  return [...new Set(ids)];
}
