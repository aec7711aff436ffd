import type { ReactNode } from 'react';
import { fieldSpec, type SectionName } from '../../../shared/settings/registry';
import { type FieldGroup } from '../../../shared/settings/field-specs';

/** A module's fields in page order: single fields, and runs of consecutive fields that share a group. */
export type FieldRun = { key: string } | { group: FieldGroup; keys: string[] };

export function fieldRuns(section: SectionName, keys: readonly string[]): FieldRun[] {
  const runs: FieldRun[] = [];
  for (const key of keys) {
    const group = fieldSpec(section, key)?.group;
    const last = runs.at(-1);
    if (group === undefined) runs.push({ key });
    else if (last && 'group' in last && last.group.id === group.id) last.keys.push(key);
    else runs.push({ group, keys: [key] });
  }
  return runs;
}

/** Fields side by side from 640 px (an inline group's each as wide as its content) under their group's heading and help. */
export function FieldGroupBox({ section, group, children }: { section: SectionName; group: FieldGroup; children: ReactNode }) {
  const id = `${section}-${group.id}`;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={group.help ? `${id}-help` : undefined}
      className="border-t border-gray-200 pt-4 dark:border-gray-800"
    >
      <p id={`${id}-title`} className="settings-label">
        {group.title}
      </p>
      {group.help && (
        <p id={`${id}-help`} className="settings-help mt-0.5 mb-3">
          {group.help}
        </p>
      )}
      <div className={`grid gap-x-4 gap-y-3 ${group.inline ? 'grid-cols-1 sm:grid-cols-[repeat(2,max-content)] sm:gap-x-10' : 'grid-cols-1 sm:grid-cols-2'}`}>
        {children}
      </div>
    </div>
  );
}
