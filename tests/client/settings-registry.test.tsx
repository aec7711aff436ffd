import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import { defaultSettings, valueSchema, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { SECTION_NAMES, SETTINGS_REGISTRY, type SectionName } from '../../src/shared/settings/registry';
import { type FieldSpec } from '../../src/shared/settings/field-specs';
import { moduleSlug } from '../../src/shared/settings/paths';
import { KIND_CONTROLS } from '../../src/client/features/settings/kind-controls';
import { isFieldShown } from '../../src/client/features/settings/field-shown';
import { renderWithApp } from './helpers/render-with-app';

const GUILD = '300000000000000001';
const data: ServerSettingsResponse = {
  id: GUILD,
  name: 'Kenji Lounge',
  access: 'manage',
  memberCount: 1284,
  emojis: [],
  ...defaultSettings(),
  whitelist: { expiresAt: null, active: true },
  roles: [{ id: '400000000000001001', name: 'Listeners', color: 0, position: 1, managed: false }],
  channels: [{ id: '500000000000001004', name: 'general', type: 0, parent_id: null, position: 0 }],
  botHighestRolePosition: 3,
};
const auth = { authenticated: true, user: { id: '100000000000000002', username: 'o', global_name: 'Demo Owner', avatar: null }, isAdmin: false };

const modules = SECTION_NAMES.map((section) => [section, SETTINGS_REGISTRY[section]] as const);

describe('every module of the registry renders on the settings page', () => {
  it.each(modules)('%s: its card, description and every field', (section, spec) => {
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module: moduleSlug(section) }} />, {
      path: `/server/${GUILD}/${moduleSlug(section)}`,
      fallback: { '/api/check-auth': auth, [`/api/server-settings?serverID=${GUILD}`]: data },
    });
    const card = screen.getByRole('region', { name: spec.title });
    expect(within(card).getByText(spec.description)).toBeTruthy();
    for (const [key, field] of Object.entries(spec.fields) as [string, FieldSpec][]) {
      // A kind without a control of its own (a message's channel) is written with another field; a field that depends
      // on another one's value (the embed's, with the text style) is not on the page.
      if (KIND_CONTROLS[field.kind] === null || !isFieldShown(section, key, data[section])) expect(within(card).queryByLabelText(field.label)).toBeNull();
      else if (field.kind === 'toggle') expect(within(card).getByRole('switch', { name: field.label })).toBeTruthy();
      else if (field.kind === 'commands') expect(within(card).getByText(field.label)).toBeTruthy();
      else expect(within(card).getByLabelText(field.label)).toBeTruthy();
    }
  });
});

describe('every field of the registry validates with the shared schema', () => {
  it.each(modules)('%s: the default is valid, an object is not', (section, spec) => {
    for (const key of Object.keys(spec.fields)) {
      const schema = valueSchema(section, key);
      const defaults = defaultSettings()[section] as Record<string, unknown>;
      expect(schema.safeParse(defaults[key]).success, `${section}.${key} default`).toBe(true);
      expect(schema.safeParse({ wrong: true }).success, `${section}.${key} object`).toBe(false);
    }
  });
});

describe('module navigation', () => {
  it('links every module to its own address and tells its state', () => {
    const settings: ServerSettingsResponse = {
      ...data,
      antinuke: { ...data.antinuke, enabled: true, whitelist: [] },
      jail: { jailChannel: '500000000000001004' },
      serverDisabledCommands: { commandNames: ['ban', 'kick'] },
    };
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD }} />, {
      path: `/server/${GUILD}`,
      fallback: { '/api/check-auth': auth, [`/api/server-settings?serverID=${GUILD}`]: settings },
    });
    const nav = screen.getByRole('navigation', { name: 'Server settings' });
    const expected: Record<string, string> = {
      antinuke: 'Anti-Nuke (On)',
      antimp3: 'Anti-MP3 (Off)',
      autorole: 'Auto-Role (Needs setup)',
      jail: 'Jail (Set)',
      serverDisabledCommands: 'Disabled Commands (2 disabled)',
      starboard: 'Starboard (Needs setup)',
    };
    for (const [section, name] of Object.entries(expected)) {
      const link = within(nav).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(`/server/${GUILD}/${moduleSlug(section as SectionName)}`);
    }
    // The overview, then every module.
    expect(within(nav).getAllByRole('link')).toHaveLength(SECTION_NAMES.length + 1);
  });
});
