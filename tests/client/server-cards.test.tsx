import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ServerList from '../../src/client/pages/servers/page';
import type { AllowedServer } from '../../src/shared/servers';
import type { ServerLicence, WhitelistStateResponse } from '../../src/shared/licences';
import { DAY_MS } from '../../src/shared/constants';
import { renderWithApp } from './helpers/render-with-app';

const KENJI = '300000000000000001';
const GLAIVE = '300000000000000002';
const LOFI = '300000000000000003';
const SUPPORT = 'https://support.example/join';
const NOW = Date.now();

const server = (id: string, name: string, over: Partial<AllowedServer> = {}): AllowedServer => ({
  id,
  name,
  icon: null,
  users: 10,
  access: 'manage',
  modulesOn: 0,
  ...over,
});
const whitelist = (licences: ServerLicence[] = []): WhitelistStateResponse => ({
  servers: [],
  entries: [],
  limit: 1,
  used: 0,
  licensed: licences.filter((l) => l.active).map((l) => l.serverID),
  licences,
  supportUrl: SUPPORT,
});

function renderList(servers: AllowedServer[], state: WhitelistStateResponse = whitelist()) {
  return renderWithApp(<ServerList />, {
    path: '/servers',
    fallback: {
      ['/api/check-auth']: {
        authenticated: true,
        user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
        isAdmin: false,
      },
      ['/api/allowed-servers']: servers,
      ['/api/invitable-servers']: [],
      ['/api/whitelisted-servers']: state,
    },
  });
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('a server card shows its license as a badge, with the action that fits', () => {
  it('Active far from its end: no action', () => {
    renderList([server(KENJI, 'Kenji Lounge')], whitelist([{ serverID: KENJI, expiresAt: NOW + 15 * DAY_MS, active: true }]));
    expect(within(card('Kenji Lounge')).getByText('Active')).toBeTruthy();
    expect(within(card('Kenji Lounge')).queryByRole('button')).toBeNull();
    expect(within(card('Kenji Lounge')).queryByRole('link', { name: /Renew/ })).toBeNull();
  });

  it('Expires in N days from 14 days before its end, with Renew through the support server', () => {
    renderList([server(KENJI, 'Kenji Lounge')], whitelist([{ serverID: KENJI, expiresAt: NOW + 14 * DAY_MS - 60_000, active: true }]));
    expect(within(card('Kenji Lounge')).getByText('Expires in 14 days')).toBeTruthy();
    const renew = within(card('Kenji Lounge')).getByRole('link', { name: 'Renew the license of Kenji Lounge through the support server' });
    expect(renew.textContent).toBe('Renew');
    expect(renew.getAttribute('href')).toBe(SUPPORT);
  });

  it('Expired, with Renew', () => {
    renderList([server(KENJI, 'Kenji Lounge')], whitelist([{ serverID: KENJI, expiresAt: NOW - DAY_MS, active: false }]));
    expect(within(card('Kenji Lounge')).getByText('Expired')).toBeTruthy();
    expect(within(card('Kenji Lounge')).getByRole('link', { name: /Renew/ }).getAttribute('href')).toBe(SUPPORT);
  });

  it("Not licensed, with 'Whitelist this server', which opens the whitelist with that server chosen", async () => {
    renderList([server(KENJI, 'Kenji Lounge'), server(GLAIVE, 'Glaive Studio')]);
    expect(within(card('Glaive Studio')).getByText('Not licensed')).toBeTruthy();
    expect(within(card('Glaive Studio')).queryByRole('link', { name: /Renew/ })).toBeNull();
    await userEvent.click(within(card('Glaive Studio')).getByRole('button', { name: 'Whitelist this server' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Whitelist' });
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Glaive Studio/ }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Kenji Lounge/ }).checked).toBe(false);
  });

  it('a server a role grant opens says the access, and offers no license action', () => {
    renderList([server(LOFI, 'Lofi Café', { access: 'read' }), server(GLAIVE, 'Glaive Studio', { access: 'write' })]);
    expect(within(card('Lofi Café')).getByText('Read-only access')).toBeTruthy();
    expect(within(card('Glaive Studio')).getByText('Write access')).toBeTruthy();
    expect(within(card('Lofi Café')).queryByText(/License:/)).toBeNull();
    expect(within(card('Lofi Café')).queryByRole('button')).toBeNull();
  });
});

describe("a server card shows the bot's state", () => {
  it.each([
    [0, 'Needs setup'],
    [1, '1 module on'],
    [2, '2 modules on'],
  ])('%i modules on: %s', (modulesOn, text) => {
    renderList([server(KENJI, 'Kenji Lounge', { modulesOn })]);
    expect(within(card('Kenji Lounge')).getByText(text).textContent).toBe(`Bot: ${text}`);
  });

  it('the card opens the settings', () => {
    renderList([server(KENJI, 'Kenji Lounge')]);
    expect(screen.getByRole('link', { name: 'Kenji Lounge' }).getAttribute('href')).toBe(`/server/${KENJI}`);
  });
});
