/** The Welcome Message and Logs pages: typed text kept however the field is left, the preview as Discord draws it. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { renderWithApp } from './helpers/render-with-app';
import { fakeSaves, kenjiSettings } from './helpers/settings-fixture';
import { useLocation } from '../../src/client/navigation';
import { matchAppRoute } from '../../src/client/routes';

const GUILD = '300000000000000001';
const GENERAL = { id: '500000000000001004', name: 'general', type: 0, parent_id: null, position: 0 };
const AUTH = { authenticated: true, user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null }, isAdmin: false };

/** The page as the app's router shows it: the address decides the module. */
function Routed() {
  const [location] = useLocation();
  return <ServerSettingsPage params={matchAppRoute(location).params} />;
}

function renderModule(module: string, data: ServerSettingsResponse) {
  return renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module }} />, {
    path: `/server/${GUILD}/${module}`,
    fallback: { '/api/check-auth': AUTH, [`/api/server-settings?serverID=${GUILD}`]: data },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const welcome = (over: Partial<ServerSettingsResponse['welcomemessage']> = {}) => {
  const data = kenjiSettings({ channels: [GENERAL] });
  return { ...data, welcomemessage: { ...data.welcomemessage, ...over } };
};

describe('a typed welcome text is kept however the field is left', () => {
  it('Tab onto the placeholder buttons keeps editing; Tab past them saves once', async () => {
    const posted = fakeSaves(welcome());
    renderModule('welcome-message', welcome());
    const region = screen.getByRole('region', { name: 'Welcome Message' });
    const text = within(region).getByRole('textbox', { name: 'Message' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Hello there');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: '{user}' }));
    expect(posted).toEqual([]);
    for (let step = 0; step < 4; step++) await userEvent.tab();
    expect(within(region).queryByRole('button', { name: '{memberCount}' })).not.toBe(document.activeElement);
    await waitFor(() => expect(posted).toEqual([{ key: 'message', value: 'Hello there' }]));
  });

  it('saves when the page is hidden, and when it is left', async () => {
    const posted = fakeSaves(welcome());
    renderModule('welcome-message', welcome());
    const text = within(screen.getByRole('region', { name: 'Welcome Message' })).getByRole('textbox', { name: 'Message' });
    fireEvent.change(text, { target: { value: 'Hidden tab' } });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    await waitFor(() => expect(posted).toEqual([{ key: 'message', value: 'Hidden tab' }]));
    fireEvent.change(text, { target: { value: 'Page left' } });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(posted.at(-1)).toEqual({ key: 'message', value: 'Page left' }));
  });

  it('saves when another module is opened in the app', async () => {
    const posted = fakeSaves(welcome());
    renderWithApp(<Routed />, {
      path: `/server/${GUILD}/welcome-message`,
      fallback: { '/api/check-auth': AUTH, [`/api/server-settings?serverID=${GUILD}`]: welcome() },
    });
    const text = within(screen.getByRole('region', { name: 'Welcome Message' })).getByRole('textbox', { name: 'Message' });
    fireEvent.change(text, { target: { value: 'Moved on' } });
    // The module list's link: a click that does not move focus first (a link opened from the keyboard, say).
    const logs = screen.getAllByRole('link').find((link) => link.getAttribute('href') === `/server/${GUILD}/logs`);
    if (!logs) throw new Error('the module list links to Logs');
    fireEvent.click(logs);
    expect(await screen.findByRole('region', { name: 'Logs' })).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([{ key: 'message', value: 'Moved on' }]));
  });

  it('asks before the page is left only while the text cannot be saved (2,001 characters)', () => {
    fakeSaves(welcome());
    renderModule('welcome-message', welcome());
    const text = within(screen.getByRole('region', { name: 'Welcome Message' })).getByRole('textbox', { name: 'Message' });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.change(text, { target: { value: 'a'.repeat(2000) } });
    expect(leave()).toBe(false);
    fireEvent.change(text, { target: { value: 'a'.repeat(2001) } });
    expect(leave()).toBe(true);
  });
});

describe('the preview draws what Discord draws', () => {
  it('markdown without its marks, mentions and placeholders as pills, and no link to a script', async () => {
    const message = [
      '# Welcome {user.mention}',
      '**bold** *italic* __under__ ~~gone~~ `code` ||secret|| <#500000000000001004>',
      '> quoted',
      '- one',
      '- two',
      '[rules](https://example.com/rules) [bad](javascript:alert(1))',
      '```',
      'block',
      '```',
    ].join('\n');
    renderModule('welcome-message', welcome({ message }));
    const preview = screen.getByTestId('welcome-preview');
    await waitFor(() => expect(preview.querySelector('[data-markdown="drawn"]')).not.toBeNull());
    expect(preview.textContent).not.toContain('**');
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(within(preview).getByText('italic').tagName).toBe('EM');
    expect(within(preview).getByText('under').tagName).toBe('U');
    expect(within(preview).getByText('gone').tagName).toBe('S');
    expect(within(preview).getByText('code').tagName).toBe('CODE');
    expect(within(preview).getByText('block').closest('pre')).not.toBeNull();
    expect(within(preview).getByText('quoted').closest('blockquote')).not.toBeNull();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['one', 'two']);
    expect(within(preview).getByText('@Demo Owner').closest('.text-2xl')).not.toBeNull();
    expect(within(preview).getByText('#general')).toBeTruthy();
    expect(within(preview).getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('https://example.com/rules');
    expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull();
    const spoiler = within(preview).getByRole('button', { name: 'Spoiler, show it' });
    fireEvent.click(spoiler);
    expect(within(preview).queryByRole('button', { name: 'Spoiler, show it' })).toBeNull();
    expect(within(preview).getByText('secret')).toBeTruthy();
  });

  it('an embed: its title, its colour as the left bar, its text, and the image named when not on Discord’s CDN', async () => {
    renderModule(
      'welcome-message',
      welcome({ format: 'embed', embedTitle: 'Hi {user}', embedColour: 0xed4245, embedImageURL: 'https://example.com/banner.png' }),
    );
    const region = screen.getByRole('region', { name: 'Welcome Message' });
    expect(within(region).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(region).getByRole('textbox', { name: 'Embed description' })).toBeTruthy();
    const embed = screen.getByTestId('welcome-embed');
    await waitFor(() => expect(embed.querySelector('[data-markdown="drawn"]')).not.toBeNull());
    expect(within(embed).getByText('Kenji Lounge').tagName).toBe('STRONG');
    expect(embed.style.borderLeftColor.toLowerCase()).toMatch(/^(#ed4245|rgb\(237, 66, 69\))$/);
    expect(embed.textContent).toContain('Hi Demo Owner');
    expect(within(embed).getByText('Image from example.com')).toBeTruthy();
    expect(within(embed).queryByRole('img')).toBeNull();
  });
});

describe('Logs: a channel per event', () => {
  it("each logged event has a channel select whose empty choice is the default channel; an unlogged event's is hidden", async () => {
    const data = kenjiSettings({ channels: [GENERAL] });
    const posted = fakeSaves(data);
    renderModule('logs', data);
    const region = screen.getByRole('region', { name: 'Logs' });
    const joins = within(region).getByRole('combobox', { name: 'Joins channel' });
    expect(within(joins).getAllByRole('option')[0]?.textContent).toBe('Default channel');
    await userEvent.selectOptions(joins, '#general');
    await waitFor(() => expect(posted).toEqual([{ key: 'memberJoinChannelID', value: GENERAL.id }]));
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Joins' }));
    await waitFor(() => expect(within(region).queryByRole('combobox', { name: 'Joins channel' })).toBeNull());
  });
});
