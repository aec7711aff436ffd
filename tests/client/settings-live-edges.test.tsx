import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import { LIVE_CLOSE_REAUTHORISE, LIVE_CLOSE_SESSION_ENDED, LIVE_PING, livePath } from '../../src/shared/live';
import {
  ADMIN,
  ALICES_MESSAGE,
  antiMp3Switch,
  changeByAlice,
  changeDuringOwnSave,
  elapse,
  expectNextSocketAfter,
  GUILD,
  heldSaves,
  installLivePageHarness,
  latestSocket,
  messageIdChange,
  messageIdField,
  openLivePage,
  OWNER,
  renderLivePage,
  SETTINGS_KEY,
  sockets,
  toastsSaid,
  toastTexts,
  TYPED,
  typingInMessageId,
} from './helpers/live-page';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

installLivePageHarness();

const isWarning = () => document.querySelector('[data-sonner-toast]')?.getAttribute('data-type') === 'warning';

describe('the socket waits for the settings', () => {
  it('opens no socket while the settings are still loading, and opens one once they are shown', async () => {
    let arrive: () => void = () => undefined;
    renderLivePage(kenjiSettings(), { firstRead: new Promise<void>((resolve) => (arrive = resolve)) });
    await elapse(0);
    expect(sockets()).toHaveLength(0);
    arrive();
    await elapse(0);
    expect(sockets()).toHaveLength(1);
  });
});

describe('reading the settings again after its own saves', () => {
  it('once after the save that met a change, and not after the saves that follow', async () => {
    const { page, answer } = await changeDuringOwnSave();
    answer();
    await elapse(0);
    expect(page.settingsReads()).toBe(1);
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(page.settingsReads()).toBe(1);
  });

  it('a change held for the field being typed in, heard while a save is in flight, makes that save read nothing again', async () => {
    const { saveGate, answer } = heldSaves();
    const page = await openLivePage(kenjiSettings(), { module: 'reaction-role', saveGate });
    fireEvent.click(screen.getByRole('radio', { name: /^Unique/ }));
    await elapse(0);
    expect(page.saveTabs).toHaveLength(1);
    const field = messageIdField();
    field.focus();
    fireEvent.input(field, { target: { value: TYPED } });
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    // Held: nothing of the change is in the page yet, so nothing the save answers can overwrite.
    expect(field.value).toBe(TYPED);
    answer();
    await elapse(0);
    expect(page.settingsReads()).toBe(0);
  });

  it('a change heard while no save was in flight makes no later save read them again', async () => {
    const page = await openLivePage();
    latestSocket().say(changeByAlice({ changes: [{ section: 'antinuke', key: 'enabled', value: true }] }));
    await elapse(0);
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('true');
    expect(page.settingsReads()).toBe(0);
  });
});

describe('changes arriving out of order', () => {
  it('an older change of a key arriving after a newer one is left out: the newer value stays', async () => {
    await openLivePage();
    latestSocket().say(changeByAlice({ at: 2000, changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    await elapse(0);
    latestSocket().say(changeByAlice({ at: 1000, changes: [{ section: 'antimp3', key: 'enabled', value: false }] }));
    await elapse(0);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('true');
    expect(toastTexts()).toEqual(['Alice changed Anti-MP3 › Enabled']);
  });
});

describe('what the toasts say under their title', () => {
  it('a change: to what; a licence change: that the page is up to date', async () => {
    await openLivePage();
    latestSocket().say(changeByAlice({ changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    latestSocket().say({ type: 'licence', at: Date.now(), tab: null });
    await elapse(0);
    expect(toastsSaid()).toEqual([
      ['This server’s licence changed', 'Its state below is up to date.'],
      ['Alice changed Anti-MP3 › Enabled', 'to on'],
    ]);
  });

  it('a change reaching the field being typed in: that the text stays until the field is left', async () => {
    await typingInMessageId();
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(toastsSaid()).toEqual([
      [
        'Alice changed Reaction Role › Message ID',
        `to ${ALICES_MESSAGE}. Your text in Reaction Role › Message ID stays until you leave the field; saving it asks which to keep.`,
      ],
    ]);
  });
});

describe('the text being typed in a field', () => {
  it.each([
    ['Enter commits it', 'Enter'],
    ['Escape gives it up', 'Escape'],
  ])('%s: the next change takes the field at once', async (_what, key) => {
    const field = await typingInMessageId();
    fireEvent.keyDown(field, { key });
    await elapse(0);
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe(ALICES_MESSAGE);
    expect(isWarning()).toBe(false);
  });

  it('other keys (moving the caret) keep it a draft', async () => {
    const field = await typingInMessageId();
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(field.value).toBe(TYPED);
    expect(isWarning()).toBe(true);
  });

  it('another window taking the focus is not leaving the field: the draft stays, and the change waits for the real leave', async () => {
    const field = await typingInMessageId();
    // The window loses the focus: the field hears focusout and blur, but stays the document's active element.
    fireEvent.focusOut(field);
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(field.value).toBe(TYPED);
    fireEvent.blur(field);
    await elapse(0);
    expect(field.value).toBe(TYPED);
    field.blur();
    await elapse(0);
    expect(field.value).toBe(ALICES_MESSAGE);
  });

  it('a choice picked from a list is no draft: a change reaching it while it has the focus takes it at once', async () => {
    await openLivePage(kenjiSettings(), { module: 'anti-nuke' });
    const choice = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Action against them' });
    choice.focus();
    fireEvent.input(choice, { target: { value: 'kick' } });
    latestSocket().say(changeByAlice({ changes: [{ section: 'antinuke', key: 'punishment', value: 'ban' }] }));
    await elapse(0);
    expect(document.activeElement).toBe(choice);
    expect(choice.value).toBe('ban');
    expect(isWarning()).toBe(false);
  });

  it('left and focused again without typing: the next change takes the field at once', async () => {
    const field = await typingInMessageId();
    field.blur();
    await elapse(0);
    field.focus();
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(field.value).toBe(ALICES_MESSAGE);
    expect(isWarning()).toBe(false);
  });

  it('a change held until the field was left is put in once: a later change is not undone by the next leave', async () => {
    const field = await typingInMessageId();
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    // Escape puts the stored text back (nothing to save), and leaving puts the change in.
    fireEvent.keyDown(field, { key: 'Escape' });
    field.blur();
    await elapse(0);
    expect(field.value).toBe(ALICES_MESSAGE);
    field.focus();
    latestSocket().say(messageIdChange('600000000000000002'));
    await elapse(0);
    expect(field.value).toBe('600000000000000002');
    field.blur();
    await elapse(0);
    expect(field.value).toBe('600000000000000002');
  });
});

describe('asked to be authorised again', () => {
  it('is no failure: with Math.random 0 it reconnects at once, and a drop after it waits only the first backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await openLivePage();
    latestSocket().drop(LIVE_CLOSE_REAUTHORISE);
    await elapse(0);
    expect(sockets()).toHaveLength(2);
    latestSocket().drop(LIVE_CLOSE_REAUTHORISE);
    await elapse(0);
    expect(sockets()).toHaveLength(3);
    latestSocket().drop(1006);
    await expectNextSocketAfter(500);
  });
});

describe('its session ended', () => {
  it('and nobody is signed in: says why under the title, asks who is signed in once, and reads nothing again', async () => {
    const page = await openLivePage();
    page.signedIn.now = false;
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await elapse(0);
    expect(toastsSaid()).toEqual([['You are signed out', 'This session was ended, on this device or another. Log in to see this server again.']]);
    expect(page.authChecks()).toBe(1);
    expect(page.settingsReads()).toBe(0);
  });

  it('and nobody is signed in: nothing the session loaded stays in the page’s memory', async () => {
    const cache = new Map<string, unknown>();
    const page = await openLivePage(kenjiSettings(), { cache });
    latestSocket().say(changeByAlice({ changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    await elapse(0);
    const loaded = () => [...cache.entries()].filter(([key, state]) => key !== '/api/check-auth' && (state as { data?: unknown }).data !== undefined);
    expect(loaded().map(([key]) => key)).toContain(SETTINGS_KEY);
    page.signedIn.now = false;
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await elapse(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(loaded()).toEqual([]);
  });

  it('and another person is signed in now (another tab logged in): the page is theirs, and their changes elsewhere are theirs', async () => {
    const page = await openLivePage();
    page.signedIn.now = ADMIN;
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await elapse(0);
    expect(sockets()).toHaveLength(2);
    expect(page.authChecks()).toBe(1);
    latestSocket().open();
    latestSocket().say(changeByAlice({ by: { id: ADMIN.id, name: 'Demo Admin' }, changes: [{ section: 'antinuke', key: 'enabled', value: true }] }));
    await elapse(0);
    expect(toastTexts()).toContain('You (in another tab) changed Anti-Nuke › Enabled');
  });

  it('and nobody can say who is signed in (offline): it keeps the settings and tries again with its backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const page = await openLivePage();
    page.signedIn.now = 'unreachable';
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await expectNextSocketAfter(500);
    expect(screen.getByRole('heading', { level: 1, name: 'Kenji Lounge' })).toBeTruthy();
    // The second try waits a second at the least.
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await expectNextSocketAfter(1000);
  });

  it('and the page is closed while it asks who is signed in: nothing reconnects', async () => {
    const page = await openLivePage();
    page.signedIn.now = 'unreachable';
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    act(() => page.unmount());
    await elapse(60_000);
    expect(sockets()).toHaveLength(1);
  });
});

describe('closed with the page', () => {
  it('a reconnect waiting out its backoff never happens', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const page = renderLivePage(kenjiSettings());
    await elapse(0);
    latestSocket().drop(1006);
    page.unmount();
    await elapse(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('an open socket sends no more pings', async () => {
    const page = renderLivePage(kenjiSettings());
    await elapse(0);
    const socket = latestSocket();
    socket.open();
    page.unmount();
    await elapse(60_000);
    expect(socket.sent).not.toContain(LIVE_PING);
  });
});

describe('what the socket hears that is no event', () => {
  it('a message it cannot read is left alone, without an error, and the next one is heard', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    await openLivePage();
    for (const text of ['not json', '{"type":"settings"}', '{"type":"rumour","at":1}'])
      latestSocket().dispatchEvent(new MessageEvent('message', { data: text }));
    latestSocket().say(changeByAlice({ changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    await elapse(0);
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(toastTexts()).toEqual(['Alice changed Anti-MP3 › Enabled']);
  });
});

describe('following a link to another server’s settings', () => {
  it('closes the socket of the server left, and opens one to the server shown', async () => {
    const other = '300000000000000002';
    let show: (serverId: string) => void = () => undefined;
    function SettingsOfServer() {
      const [serverId, setServerId] = useState(GUILD);
      show = setServerId;
      return <ServerSettingsPage params={{ serverId }} />;
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<never>(() => undefined)),
    );
    renderWithApp(<SettingsOfServer />, {
      path: `/server/${GUILD}`,
      fallback: {
        '/api/check-auth': { authenticated: true, user: OWNER, isAdmin: false },
        [SETTINGS_KEY]: kenjiSettings(),
        [`/api/server-settings?serverID=${other}`]: kenjiSettings(),
      },
    });
    await elapse(0);
    const first = latestSocket();
    expect(first.url).toBe(`ws://${location.host}${livePath(GUILD)}`);
    act(() => show(other));
    await elapse(0);
    expect(first.closedWith).toEqual([1000, 'Page closed']);
    expect(latestSocket().url).toBe(`ws://${location.host}${livePath(other)}`);
  });
});
