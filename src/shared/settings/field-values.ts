/**
 * The registry's fields read through the kinds' table (settings/kinds): a field's schema, default and sample, why a
 * typed value would be refused, how a value reads, the defaults of a guild, and one change applied as the Worker
 * applies it. These build zod schemas, so the settings page loads this module once it is interactive
 * (client/features/settings/settings-checks.ts); what the page draws before needs only the registry and the rules.
 */
import type { z } from 'zod';
import { definitionOf } from './kinds';
import type { FieldSpec } from './field-specs';
import type { GuildLists } from './guild';
import { fieldSpec, isSectionName, knownField, SECTION_NAMES, settingKeys, type SectionName } from './registry';
import { withSettingChange, type SettingsValues } from './values';
import { hiddenCharacter, NO_VISIBLE_CHARACTER } from '../visible-text';

// A field's schema is built once (its bounds are its own) and reused by every save.
const schemas = new WeakMap<FieldSpec, z.ZodType>();

export function valueSchema(section: SectionName, key: string): z.ZodType {
  const spec = knownField(section, key);
  const known = schemas.get(spec);
  if (known) return known;
  const built = definitionOf(spec).schema(spec);
  schemas.set(spec, built);
  return built;
}

export function defaultValue(section: SectionName, key: string): unknown {
  const spec = knownField(section, key);
  return definitionOf(spec).defaultValue(spec);
}

/** A value the given server accepts for this field (the registry tests save one of each). */
export function sampleValue(section: SectionName, key: string, guild: GuildLists): unknown {
  const spec = knownField(section, key);
  return definitionOf(spec).sample(guild, spec);
}

/** Why a typed value would be refused, in an owner's words, or null when it would be saved. */
export function inputProblem(section: SectionName, key: string, value: unknown): string | null {
  const parsed = valueSchema(section, key).safeParse(value);
  if (parsed.success) return null;
  const invisible = typeof value === 'string' ? hiddenCharacter(value.replace(/\r?\n/g, '')) : null;
  if (invisible) return `Remove the invisible character ${invisible.codePoint} (${invisible.name}): it would not show in Discord.`;
  if (parsed.error.issues.some((issue) => issue.message === NO_VISIBLE_CHARACTER))
    return 'Write at least one visible character: blank characters alone would post as an empty message.';
  const spec = knownField(section, key);
  return definitionOf(spec).problem?.(spec, parsed.error) ?? 'This value cannot be saved.';
}

const isUnset = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A stored or audited value as a person reads it: role and channel names, on/off, lists, a message's start. */
export function describeValue(section: string, key: string, value: unknown, guild: Pick<GuildLists, 'roles' | 'channels'>): string {
  const spec = isSectionName(section) ? fieldSpec(section, key) : undefined;
  const parsed = spec ? valueSchema(section as SectionName, key).safeParse(value) : undefined;
  // An empty checklist is a choice ('none' of the events), as is an empty value of any kind.
  if (isUnset(value) && !(spec?.kind === 'checklist')) return 'none';
  if (spec && parsed?.success) return definitionOf(spec).describe(parsed.data, guild, spec) || 'none';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The settings of a guild that has never saved anything. */
export function defaultSettings(): SettingsValues {
  const settings: Record<string, Record<string, unknown>> = {};
  for (const section of SECTION_NAMES) {
    settings[section] = Object.fromEntries(settingKeys(section).map((key) => [key, defaultValue(section, key)]));
  }
  return settings as SettingsValues;
}

/** `settings` with one change applied exactly as the Worker applies it (normalised, with its companions), for optimistic updates. */
export function applySettingChange<T extends SettingsValues>(settings: T, section: SectionName, key: string, value: unknown): T {
  const parsed = valueSchema(section, key).safeParse(value);
  return withSettingChange(settings, section, key, value, parsed.success ? parsed.data : value);
}
