import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingField } from '../../src/client/features/settings/SettingField';
import { settingControlId } from '../../src/client/features/settings/setting-control-id';
import type { SaveOutcome } from '../../src/client/features/settings/useSettingsSaver';
import { KIND_CONTROLS } from '../../src/client/features/settings/kind-controls';
import { fieldSpec, SECTION_NAMES, SETTINGS_REGISTRY, type SectionName } from '../../src/shared/settings/registry';
import { kenjiSettings } from './helpers/settings-fixture';
import { renderWithApp } from './helpers/render-with-app';

afterEach(cleanup);

/** Every field the page draws: a control of its own kind (a null row is written along with another field). */
const drawnFields = SECTION_NAMES.flatMap((section: SectionName) =>
  Object.keys(SETTINGS_REGISTRY[section].fields)
    .filter((key) => {
      const spec = fieldSpec(section, key);
      return spec !== undefined && KIND_CONTROLS[spec.kind] !== null;
    })
    .map((key) => ({ section, key, kind: fieldSpec(section, key)?.kind })),
);

function renderField(section: SectionName, key: string, outcome: SaveOutcome) {
  return renderWithApp(
    <SettingField
      section={section}
      fieldKey={key}
      data={kenjiSettings()}
      saving={false}
      outcome={outcome}
      onChange={() => undefined}
      onDismiss={() => undefined}
    />,
  );
}

describe('how a save ended, under every kind of field', () => {
  it('covers every kind the page draws', () => {
    const kinds = new Set(drawnFields.map(({ kind }) => kind));
    expect([...kinds].sort()).toEqual(
      Object.entries(KIND_CONTROLS)
        .filter(([, control]) => control !== null)
        .map(([kind]) => kind)
        .sort(),
    );
  });

  it.each(drawnFields)('$section.$key ($kind) shows a failure once, with Retry, named for the field', ({ section, key }) => {
    renderField(section, key, { kind: 'failed', message: 'Discord is not answering.', value: null });
    const [alert, ...more] = screen.getAllByRole('alert');
    expect(more).toHaveLength(0);
    expect(alert?.id).toBe(`${settingControlId(section, key)}-error`);
    expect(alert?.textContent).toContain('Discord is not answering.');
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it.each(drawnFields)('$section.$key ($kind) shows a conflict with Keep mine and Use theirs, and nothing once saved', ({ section, key }) => {
    const { unmount } = renderField(section, key, { kind: 'conflict', message: 'Kai changed this.', value: null });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Keep mine' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Use theirs' })).toBeTruthy();
    unmount();
    renderField(section, key, { kind: 'saved' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
