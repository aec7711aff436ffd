import { isValueSet } from '../../../shared/settings/values';
import { fieldSpec, type SectionName } from '../../../shared/settings/registry';

/** Whether a field is on the page: always, or while the field it depends on is set (to the value it names, or listing it). */
export function isFieldShown(section: SectionName, key: string, values: Readonly<Record<string, unknown>>): boolean {
  const when = fieldSpec(section, key)?.shownWhen;
  if (!when) return true;
  const other = values[when.key];
  if (when.has === undefined) return isValueSet(other);
  return Array.isArray(other) ? other.includes(when.has) : other === when.has;
}
