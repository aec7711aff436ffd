import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModuleSpec } from '../../src/shared/settings/field-specs';

/** docs/architecture.md's example of a settings module ('The settings registry'), as one entry: a switch, a channel and 'XP per message' (1–100). */
const LEVELING = {
  title: 'Leveling',
  description: 'Gives members XP for their messages and announces each new level.',
  icon: 'star',
  fields: {
    enabled: { kind: 'toggle', label: 'Enable Leveling' },
    channelID: { kind: 'textChannel', label: 'Level-up channel', requirementName: 'a level-up channel' },
    xpPerMessage: { kind: 'integer', label: 'XP per message', min: 1, max: 100, default: 10 },
  },
  requires: ['channelID'],
} as const satisfies ModuleSpec;

// Everything below is built from the registry with that entry added, and from nothing else.
vi.mock('../../src/shared/settings/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/shared/settings/registry')>();
  Object.assign(real.SETTINGS_REGISTRY, { leveling: LEVELING });
  return { ...real, SECTION_NAMES: Object.keys(real.SETTINGS_REGISTRY) };
});

const { defaultSettings, inputProblem, parseSettingUpdate } = await import('../../src/shared/settings/index');
const { SECTION_NAMES } = await import('../../src/shared/settings/registry');
const { botOpenApiDocument } = await import('../../src/worker/services/bot-openapi');
const { default: ServerSettingsPage } = await import('./helpers/server-settings-page');
const { kenjiSettings } = await import('./helpers/settings-fixture');
const { renderWithApp } = await import('./helpers/render-with-app');

type AnySection = Parameters<typeof inputProblem>[0];
const LEVELING_SECTION = 'leveling' as AnySection;
const GUILD = '300000000000000001';
const update = (value: unknown) => parseSettingUpdate({ serverID: GUILD, section: 'leveling', key: 'xpPerMessage', value });

describe('a module added as one registry entry', () => {
  it('is a module of the schema, with its own bounds', () => {
    expect(SECTION_NAMES).toContain('leveling');
    expect(update(1)).toMatchObject({ ok: true, update: { value: 1 } });
    expect(update(100)).toMatchObject({ ok: true, update: { value: 100 } });
    for (const refused of [0, 101, 2.5, '10']) expect(update(refused), String(refused)).toMatchObject({ ok: false, field: 'value' });
    expect(inputProblem(LEVELING_SECTION, 'xpPerMessage', 101)).toBe('Enter a whole number from 1 to 100.');
    expect(parseSettingUpdate({ serverID: GUILD, section: 'leveling', key: 'enabled', value: 'yes' })).toMatchObject({ ok: false });
  });

  it('has the defaults of a never-saved guild', () => {
    expect((defaultSettings() as unknown as Record<string, unknown>).leveling).toEqual({ enabled: false, channelID: null, xpPerMessage: 10 });
  });

  it('is a card of the settings page with a switch, a channel select and its number field', async () => {
    const data = { ...kenjiSettings(), leveling: { enabled: false, channelID: null, xpPerMessage: 10 } };
    const auth = { authenticated: true, user: { id: '100000000000000002', username: 'o', global_name: 'Demo Owner', avatar: null }, isAdmin: false };
    // Its own view, at the address its title gives it.
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module: 'leveling' }} />, {
      path: `/server/${GUILD}/leveling`,
      fallback: { '/api/check-auth': auth, [`/api/server-settings?serverID=${GUILD}`]: data },
    });
    const card = screen.getByRole('region', { name: 'Leveling' });
    expect(within(card).getByText(LEVELING.description)).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Enable Leveling' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(within(card).getByText('Set a level-up channel to enable Leveling.')).toBeTruthy();
    expect(within(card).getByRole('combobox', { name: 'Level-up channel' })).toBeTruthy();
    const xp = within(card).getByRole<HTMLInputElement>('textbox', { name: 'XP per message' });
    expect(xp.value).toBe('10');
    await userEvent.clear(xp);
    await userEvent.type(xp, '101');
    expect(within(card).getByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Server settings' }).textContent).toContain('Leveling');
  });

  it('is in the bot API and its OpenAPI document, with its bounds', () => {
    const document = JSON.parse(botOpenApiDocument()) as {
      components: { schemas: { BotGuild: { properties: { settings: { properties: Record<string, { properties: Record<string, unknown> }> } } } } };
    };
    const leveling = document.components.schemas.BotGuild.properties.settings.properties.leveling;
    expect(leveling?.properties.xpPerMessage).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(leveling?.properties.enabled).toMatchObject({ type: 'boolean' });
    expect(Object.keys(leveling?.properties ?? {})).toEqual(['enabled', 'channelID', 'xpPerMessage']);
  });
});
