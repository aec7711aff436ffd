import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_REAUTHORISE, LIVE_CLOSE_SESSION_ENDED, LIVE_PING, livePath } from '../../src/shared/live';
import { ApiClientError } from '../../src/client/api';
import { ownLiveTabs } from '../../src/client/live-tabs';
import {
  ALICES_MESSAGE,
  antiMp3Switch,
  changeByAlice,
  changeDuringOwnSave,
  elapse,
  expectNextSocketAfter,
  GUILD,
  installLivePageHarness,
  latestSocket,
  messageIdChange,
  messageIdField,
  openLivePage,
  OWNER,
  renderLivePage,
  sockets,
  toastTexts,
  toastTitled,
  TYPED,
  typingInMessageId,
} from './helpers/live-page';
import { kenjiSettings } from './helpers/settings-fixture';

installLivePageHarness();

describe('the live socket of a settings page', () => {
  it('after the connection drops, reconnects after its backoff and reads the settings again, so what changed meanwhile shows', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const page = await openLivePage(kenjiSettings(), { served: kenjiSettings({ antimp3: { enabled: true } }) });
    await elapse(0);
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    expect(page.settingsReads()).toBe(0);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('false');

    latestSocket().drop(1006);
    await elapse(0);
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('reconnecting');
    // The first retry waits half a second at the least (Math.random 0): not before.
    await expectNextSocketAfter(500);
    expect(page.settingsReads()).toBe(0);

    latestSocket().open();
    await elapse(0);
    expect(page.settingsReads()).toBe(1);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('live');
  });

  it('a refused handshake (the 11th page of a session, or none allowed) is retried quietly, with backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderLivePage(kenjiSettings());
    await elapse(0);
    latestSocket().drop(1006);
    await elapse(500);
    latestSocket().drop(1006);
    // The second try waits a second at the least.
    await expectNextSocketAfter(1000);
    expect(toastTexts()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asked to be authorised again (4001), reconnects within a second, at a random moment', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    await openLivePage();
    latestSocket().drop(LIVE_CLOSE_REAUTHORISE);
    await expectNextSocketAfter(999);
  });

  it('sends with its changes the tab id its socket was given, and leaves out the events naming it (or one given before a reconnect)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const page = await openLivePage();
    latestSocket().say({ type: 'hello', tab: 'tab-given-first' });

    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(page.saveTabs).toEqual(['tab-given-first']);

    // An event naming the tab it sent is its own: nothing changes, nothing is said.
    latestSocket().say(changeByAlice({ tab: 'tab-given-first' }));
    await elapse(0);
    expect(toastTexts()).toEqual([]);
    // Another tab's change is applied and announced.
    latestSocket().say(changeByAlice({ tab: 'tab-of-another-page', changes: [{ section: 'antinuke', key: 'enabled', value: true }] }));
    await elapse(0);
    expect(toastTexts()).toEqual(['Alice changed Anti-Nuke › Enabled']);

    // Reconnected, the socket gives a new id: the next change carries it, and the old one is still the page's own.
    latestSocket().drop(1006);
    await elapse(500);
    latestSocket().open();
    latestSocket().say({ type: 'hello', tab: 'tab-given-second' });
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(page.saveTabs).toEqual(['tab-given-first', 'tab-given-second']);
    latestSocket().say(changeByAlice({ tab: 'tab-given-first' }));
    await elapse(0);
    expect(toastTexts()).toEqual(['Alice changed Anti-Nuke › Enabled']);
  });

  it('before its socket said hello, a change goes without a tab id', async () => {
    const page = renderLivePage(kenjiSettings());
    await elapse(0);
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(page.saveTabs).toEqual(['none']);
  });

  it('a licence change names nobody, and the page reads its settings again', async () => {
    const page = await openLivePage();
    latestSocket().say({ type: 'licence', at: Date.now(), tab: null });
    await elapse(0);
    expect(toastTitled('This server’s licence changed')).toBe(true);
    expect(page.settingsReads()).toBe(1);
  });

  it('the bot leaving turns the page read-only, with a notice saying so', async () => {
    await openLivePage();
    expect(antiMp3Switch()).toBeTruthy();

    latestSocket().say({ type: 'bot-left', at: Date.now() });
    await elapse(0);
    const notice = screen.getByText('The bot has left this server.').closest('[role=status]');
    expect(notice?.textContent).toBe(
      "The bot has left this server. Its settings are shown as they were and can't be changed until the bot is added again.Add bot",
    );
    expect(screen.getByRole('link', { name: 'Add bot' }).getAttribute('href')).toBe(`/api/invite?guild_id=${GUILD}`);
    // No switch to flip, no import, no access panel, no revert.
    expect(screen.queryAllByRole('switch')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /Access/ })).toBeNull();
  });

  it('a page that missed the event learns it from its next read of the settings (403 BOT_NOT_IN_SERVER)', async () => {
    renderLivePage(kenjiSettings(), {
      refusal: new ApiClientError(403, 'BOT_NOT_IN_SERVER', 'The bot is not in this server yet: add it to open its settings.'),
    });
    await elapse(0);
    latestSocket().open();
    // A licence change makes it read the settings again, which the bot's absence now refuses.
    latestSocket().say({ type: 'licence', at: Date.now(), tab: null });
    await elapse(0);
    expect(screen.getByText('The bot has left this server.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Kenji Lounge' })).toBeTruthy();
    expect(screen.queryAllByRole('switch')).toEqual([]);
  });

  it('its session ended and nobody is signed in: it stops, shows the login and says why', async () => {
    const page = await openLivePage();
    page.signedIn.now = false;
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await elapse(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText('Kenji Lounge')).toBeNull();
    expect(toastTexts()).toEqual(['You are signed out']);
    await elapse(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('its session ended but the browser is signed in again (another tab logged in): it reconnects at once', async () => {
    await openLivePage();
    latestSocket().drop(LIVE_CLOSE_SESSION_ENDED);
    await elapse(0);
    expect(sockets()).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Kenji Lounge' })).toBeTruthy();
    expect(toastTexts()).toEqual([]);
  });
});

describe('the live socket keeping the page current', () => {
  it('opens its socket in the task after the page has hydrated, not in the effects that end its hydration', async () => {
    renderLivePage(kenjiSettings());
    expect(sockets()).toHaveLength(0);
    await elapse(0);
    expect(sockets()).toHaveLength(1);
  });

  it('opens to the guild’s live path on this host', async () => {
    renderLivePage(kenjiSettings());
    await elapse(0);
    expect(latestSocket().url).toBe(`ws://${location.host}${livePath(GUILD)}`);
  });

  it('opens a secure socket from a page served over HTTPS', async () => {
    vi.stubGlobal('location', { protocol: 'https:', host: 'dashboard.example', pathname: window.location.pathname, search: '' });
    renderLivePage(kenjiSettings());
    await elapse(0);
    expect(latestSocket().url).toBe(`wss://dashboard.example${livePath(GUILD)}`);
  });

  it('puts another tab’s change into the page at once, without reading the settings again', async () => {
    const page = await openLivePage();
    latestSocket().say(changeByAlice({ tab: 'tab-of-another-page', changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    await elapse(0);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('true');
    expect(page.settingsReads()).toBe(0);
    // The same change heard again (a second socket of the same page, or a replay) changes and says nothing more.
    latestSocket().say(changeByAlice({ tab: 'tab-of-another-page', changes: [{ section: 'antimp3', key: 'enabled', value: true }] }));
    await elapse(0);
    expect(toastTexts()).toEqual(['Alice changed Anti-MP3 › Enabled']);
  });

  it('names the signed-in person’s own change from another tab as theirs', async () => {
    await openLivePage();
    latestSocket().say(changeByAlice({ by: { id: OWNER.id, name: 'Demo Owner' }, changes: [{ section: 'antinuke', key: 'enabled', value: true }] }));
    await elapse(0);
    expect(toastTexts()).toEqual(['You (in another tab) changed Anti-Nuke › Enabled']);
  });

  it('leaves a message that is not text alone', async () => {
    await openLivePage();
    latestSocket().dispatchEvent(new MessageEvent('message', { data: new ArrayBuffer(8) }));
    await elapse(0);
    expect(toastTexts()).toEqual([]);
  });

  it('pings every 30 s while open, and stops when the socket closes', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderLivePage(kenjiSettings());
    await elapse(0);
    const first = latestSocket();
    first.open();
    await elapse(29_999);
    expect(first.sent).toEqual([]);
    await elapse(1);
    expect(first.sent).toEqual([LIVE_PING]);
    first.drop(1006);
    await elapse(60_000);
    expect(first.sent).toEqual([LIVE_PING]);
  });

  it('waits longer after each failure, each wait in the upper half of 1 s, 2 s, 4 s… and never past 30 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.998);
    renderLivePage(kenjiSettings());
    await elapse(0);
    // The first wait: 0.5 s + 0.998 × 0.5 s = 999 ms.
    latestSocket().drop(1006);
    await expectNextSocketAfter(999);
    // Five more failures (2, 4, 8, 16 s; then 32 s, capped at 30 s): the sixth wait is 15 s + 0.998 × 15 s.
    for (const wait of [2000, 4000, 8000, 16_000]) {
      latestSocket().drop(1006);
      await elapse(wait);
    }
    expect(sockets()).toHaveLength(6);
    latestSocket().drop(1006);
    await expectNextSocketAfter(29_970);
  });

  it('once the socket opens again, starts the waits over', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderLivePage(kenjiSettings());
    await elapse(0);
    latestSocket().drop(1006);
    await elapse(500);
    latestSocket().drop(1006);
    await elapse(1000);
    latestSocket().open();
    latestSocket().drop(1006);
    await elapse(500);
    expect(sockets()).toHaveLength(4);
  });

  it('back online, reconnects at once instead of waiting out its backoff; while open, stays as it is', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await openLivePage();
    window.dispatchEvent(new Event('online'));
    expect(sockets()).toHaveLength(1);
    latestSocket().drop(1006);
    await elapse(100);
    window.dispatchEvent(new Event('online'));
    expect(sockets()).toHaveLength(2);
    // The backoff's timer was cleared: no third socket when it would have run.
    await elapse(1000);
    expect(sockets()).toHaveLength(2);
  });

  it('closed with the page: the socket is closed as a normal end, nothing reconnects, and its tab ids are forgotten', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const page = renderLivePage(kenjiSettings());
    await elapse(0);
    const socket = latestSocket();
    socket.open();
    socket.say({ type: 'hello', tab: 'tab-of-this-page' });
    expect(ownLiveTabs()).toEqual(['tab-of-this-page']);
    page.unmount();
    expect(socket.closedWith).toEqual([1000, 'Page closed']);
    expect(ownLiveTabs()).toEqual([]);
    socket.drop(1006);
    window.dispatchEvent(new Event('online'));
    await elapse(60_000);
    expect(sockets()).toHaveLength(1);
    expect(socket.sent).toEqual([]);
  });

  it('a change heard while its own save is in flight: reads the settings again once the save has answered', async () => {
    const { page, answer } = await changeDuringOwnSave();
    expect(page.settingsReads()).toBe(0);
    answer();
    await elapse(0);
    expect(page.settingsReads()).toBe(1);
  });

  it('a save that meets no change meanwhile reads nothing again', async () => {
    const page = await openLivePage();
    fireEvent.click(antiMp3Switch());
    await elapse(0);
    expect(antiMp3Switch().getAttribute('aria-checked')).toBe('true');
    expect(page.settingsReads()).toBe(0);
  });

  it('keeps the text being typed in a field another change reaches, and puts the change in when the person leaves it', async () => {
    const field = await typingInMessageId();
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(field.value).toBe(TYPED);
    expect(toastTexts()).toEqual(['Alice changed Reaction Role › Message ID']);
    expect(document.querySelector('[data-sonner-toast]')?.getAttribute('data-type')).toBe('warning');
    // Escape puts the stored text back; the change still waits until the field is left.
    fireEvent.keyDown(field, { key: 'Escape' });
    await elapse(0);
    expect(field.value).toBe('');
    field.blur();
    await elapse(0);
    expect(field.value).toBe(ALICES_MESSAGE);
  });

  it('its own licence change (its tab named) says nothing and reads nothing again', async () => {
    const page = await openLivePage();
    latestSocket().say({ type: 'hello', tab: 'tab-of-this-page' });
    latestSocket().say({ type: 'licence', at: Date.now(), tab: 'tab-of-this-page' });
    await elapse(0);
    expect(toastTexts()).toEqual([]);
    expect(page.settingsReads()).toBe(0);
  });

  it('a field only focused, not typed in, takes the change at once', async () => {
    await openLivePage(kenjiSettings(), { module: 'reaction-role' });
    const field = messageIdField();
    field.focus();
    latestSocket().say(messageIdChange(ALICES_MESSAGE));
    await elapse(0);
    expect(field.value).toBe(ALICES_MESSAGE);
    expect(document.querySelector('[data-sonner-toast]')?.getAttribute('data-type')).not.toBe('warning');
  });
});
