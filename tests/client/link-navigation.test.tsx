import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from './helpers/render-with-app';

// The browser is on the page the router shows.
beforeEach(() => window.history.replaceState(null, '', '/servers'));
afterEach(cleanup);

/**
 * One link clicked in the app's router: where the app navigated, and whether the click was taken from the
 * browser (seen by a listener after the app's, which then keeps the test browser from loading anything).
 */
function clicked(link: ReactElement, init: MouseEventInit = {}, on?: string) {
  const { location } = renderWithApp(<main>{link}</main>, { path: '/servers' });
  const before = location.history.length;
  let taken: boolean | undefined;
  const afterTheApp = (event: MouseEvent) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', afterTheApp);
  try {
    fireEvent(
      on === undefined ? screen.getByRole('link') : screen.getByText(on),
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
    );
  } finally {
    document.removeEventListener('click', afterTheApp);
  }
  return { navigatedTo: location.history.slice(before), defaultPrevented: taken };
}

describe('plain links to the app’s pages navigate without loading a document', () => {
  it('a left click on a link to a page of the app goes there, with its query and fragment', () => {
    expect(clicked(<a href="/server/300000000000000001/logs?enable=1#top">Logs</a>)).toEqual({
      navigatedTo: ['/server/300000000000000001/logs?enable=1#top'],
      defaultPrevented: true,
    });
  });

  it('the same for another page of the app', () => {
    expect(clicked(<a href="/commands">Commands</a>).navigatedTo).toEqual(['/commands']);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('%s leaves it to the browser (a new tab or window, a download)', (_name, init) => {
    expect(clicked(<a href="/commands">Commands</a>, init)).toEqual({ navigatedTo: [], defaultPrevented: false });
  });

  it.each([
    ['an API address', <a href="/api/invite">Invite</a>],
    [
      'a download',
      <a href="/servers" download>
        Export
      </a>,
    ],
    [
      'another window',
      <a href="/commands" target="_blank" rel="noreferrer">
        Commands
      </a>,
    ],
    ['another site', <a href="https://discord.gg/servermanager">Support</a>],
    ['a jump within this page', <a href="/servers#main">Skip</a>],
    ['an address the app has no page for', <a href="/no-such-page">Nowhere</a>],
  ])('%s is the browser’s', (_name, link) => {
    expect(clicked(link)).toEqual({ navigatedTo: [], defaultPrevented: false });
  });

  it.each([
    [
      'in this window, said so',
      <a href="/commands" target="_self">
        Commands
      </a>,
      '/commands',
    ],
    ['the page shown, again', <a href="/servers">Servers</a>, '/servers'],
    ['this path with another query, to a fragment', <a href="/servers?view=list#main">List</a>, '/servers?view=list#main'],
    ['another path with the same (no) query, to a fragment', <a href="/commands#music">Music commands</a>, '/commands#music'],
  ])('a link to a page of the app %s is the app’s', (_name, link, to) => {
    expect(clicked(link)).toEqual({ navigatedTo: [to], defaultPrevented: true });
  });

  it('listens for the intents that load the route table without holding back a scroll (passive listeners)', () => {
    const listen = vi.spyOn(document, 'addEventListener');
    try {
      renderWithApp(<main />, { path: '/servers' });
      for (const type of ['pointerover', 'focusin', 'touchstart']) expect(listen).toHaveBeenCalledWith(type, expect.any(Function), { passive: true });
    } finally {
      listen.mockRestore();
    }
  });

  it('once the app is gone, a click is the browser’s again', () => {
    const { unmount } = renderWithApp(<main />, { path: '/servers' });
    unmount();
    const link = document.createElement('a');
    link.href = '/commands';
    document.body.append(link);
    // Seen after the app's listener, which was added first; the test browser then loads nothing.
    let taken: boolean | undefined;
    const afterTheApp = (event: MouseEvent) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', afterTheApp, { once: true });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    link.remove();
    expect(taken).toBe(false);
    expect(window.location.pathname).toBe('/servers');
  });

  it('a click its own handler took stays taken', () => {
    expect(
      clicked(
        <a href="/commands" onClick={(event) => event.preventDefault()}>
          Commands
        </a>,
      ).navigatedTo,
    ).toEqual([]);
  });

  it('a click on an element inside the link counts as a click on the link', () => {
    expect(
      clicked(
        <a href="/kenji">
          <span>Kenji Library</span>
        </a>,
        {},
        'Kenji Library',
      ),
    ).toEqual({ navigatedTo: ['/kenji'], defaultPrevented: true });
  });
});
