import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '../../src/client/features/account/AccountMenu';
import { prefetchLibraryListing } from '../../src/client/features/library/prefetch-library-listing';
import { Footer } from '../../src/client/layout/Footer';
import { Header } from '../../src/client/layout/Header';
import { PHONE_QUERY } from '../../src/client/hooks/useMediaQuery';
import { ThemeToggle } from '../../src/client/ui/ThemeToggle';
import { THEME_STORAGE_KEY, THEME_SWITCHING_CLASS } from '../../src/client/hooks/useTheme';
import { THEME_BOOT_SCRIPT } from '../../src/client/theme-script';
import type { SessionUser } from '../../src/shared/account';
import { renderWithApp } from './helpers/render-with-app';

// Pointing at or focusing a library link prefetches its listing (tested in library-prefetch.test.tsx): left out
// here, so no test of the header reaches the network, even after it has ended.
vi.mock('../../src/client/features/library/prefetch-library-listing', () => ({ prefetchLibraryListing: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

const user: SessionUser = { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null };

/** The quiet placeholder the header holds in the account menu's place until it knows who is there. */
const pendingAccount = () => document.querySelector('.account-pending');

describe('account dropdown', () => {
  it('is labelled with global_name and opens on click', async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    const button = screen.getByRole('button', { name: 'Demo Owner' });
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on an outside click', async () => {
    renderWithApp(
      <div>
        <AccountMenu user={user} isAdmin={false} />
        <p>outside</p>
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />);
    const button = screen.getByRole('button', { name: 'Demo Owner' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on a selection', async () => {
    const { location } = renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Server Manager' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(location.history.at(-1)).toBe('/bite');
  });

  it("hides 'Server Manager' under /bite and shows 'Admin' only to admins", async () => {
    const { unmount } = renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/bite.html' });
    await userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));
    expect(screen.queryByRole('menuitem', { name: 'Server Manager' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
    unmount();
    renderWithApp(<AccountMenu user={user} isAdmin />, { path: '/servers' });
    await userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('menuitem', { name: 'Server Manager' })).toBeTruthy();
  });

  it('moves between items with the arrow keys', async () => {
    renderWithApp(<AccountMenu user={user} isAdmin />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));
    expect(document.activeElement?.textContent).toBe('Server Manager');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Admin');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign out everywhere');
  });
});

describe('footer', () => {
  it.each([
    ['terms', ['Privacy', 'Contact']],
    ['privacy', ['Terms', 'Contact']],
    ['contact', ['Terms', 'Privacy']],
    ['landing', ['Terms', 'Privacy', 'Contact']],
  ])('on %s shows %j', (routeId, labels) => {
    renderWithApp(<Footer currentRouteId={routeId} />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(labels);
  });
});

describe('dark mode', () => {
  it('is dark by default, toggles, and remembers the choice', async () => {
    document.documentElement.classList.add('dark');
    renderWithApp(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Switch to light mode' });
    await userEvent.click(button);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeTruthy();
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' })));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('switches with colour transitions off, and turns them back on once the new colours are computed', async () => {
    document.documentElement.classList.add('dark');
    const before: (string | null)[] = [];
    const observer = new MutationObserver((records) => before.push(...records.map((r) => r.oldValue)));
    observer.observe(document.documentElement, { attributeFilter: ['class'], attributeOldValue: true });
    renderWithApp(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    observer.disconnect();
    // The class before each change: transitions off, then the theme, then transitions back on.
    expect(before).toEqual(['dark', `dark ${THEME_SWITCHING_CLASS}`, THEME_SWITCHING_CLASS]);
    expect(document.documentElement.className).toBe('');
  });
});

describe('site navigation in the header', () => {
  const anonymous = { '/api/check-auth': { authenticated: false } };
  const loggedIn = { '/api/check-auth': { authenticated: true, user, isAdmin: false } };

  it('links the catalogue and both libraries, marks the current page, and its Login returns to the page', () => {
    renderWithApp(<Header />, { path: '/commands', fallback: anonymous });
    expect(screen.getByRole('link', { name: 'Commands' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['Kenji Library', 'Glaive Library']) expect(screen.getByRole('link', { name }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Kenji Library' }).getAttribute('href')).toBe('/kenji');
    expect(screen.getByRole('link', { name: 'Glaive Library' }).getAttribute('href')).toBe('/glaive');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/api/auth?next=%2Fcommands');
  });

  it("holds its links once, in the list the phone's Menu button opens as a popover and says it opened", () => {
    const { container } = renderWithApp(<Header />, { path: '/commands', fallback: anonymous });
    const markup = container.innerHTML;
    for (const href of ['/commands', '/kenji', '/glaive']) expect(markup.split(`href="${href}"`)).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Menu' });
    const list = document.getElementById(button.getAttribute('popovertarget') ?? '');
    expect(list?.getAttribute('popover')).toBe('auto');
    expect(
      within(list as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Commands', 'Kenji Library', 'Glaive Library']);
    // The browser says it (popovertarget) until the list first toggles; from then on the page says it too.
    expect(button.hasAttribute('aria-expanded')).toBe(false);
    const toggle = (newState: 'open' | 'closed') => act(() => void list?.dispatchEvent(Object.assign(new Event('toggle'), { newState })));
    toggle('open');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    toggle('closed');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes its popover when one of its links is followed (the header stays on a client-side navigation)', async () => {
    // Pointing at a library link prefetches its listing: answered here, so the test reaches no network.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json([]))),
    );
    const { location } = renderWithApp(<Header />, { path: '/commands', fallback: anonymous });
    const list = document.getElementById(screen.getByRole('button', { name: 'Menu' }).getAttribute('popovertarget') ?? '') as HTMLElement;
    // The test's DOM has no popover to open or close: the call is what is checked.
    const hidePopover = vi.fn();
    list.hidePopover = hidePopover;
    act(() => void list.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' })));
    await userEvent.click(screen.getByRole('link', { name: 'Kenji Library' }));
    expect(location.history.at(-1)).toBe('/kenji');
    expect(hidePopover).toHaveBeenCalledOnce();
  });

  it('pointing at a library link prefetches that library', async () => {
    renderWithApp(<Header />, { path: '/commands', fallback: anonymous });
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Glaive Library' }));
    await waitFor(() => expect(prefetchLibraryListing).toHaveBeenCalledWith('glaive'));
  });

  it('closes the open phone menu when the screen leaves the phone width, and listens no more once it is closed', () => {
    // One media query list for the phone width, whose change the test makes.
    const phone = Object.assign(new EventTarget(), { matches: true, media: '' });
    const removed = vi.spyOn(phone, 'removeEventListener');
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => (query === PHONE_QUERY ? (phone as unknown as MediaQueryList) : matchMedia(query)));
    renderWithApp(<Header />, { path: '/commands', fallback: anonymous });
    const list = document.getElementById(screen.getByRole('button', { name: 'Menu' }).getAttribute('popovertarget') ?? '') as HTMLElement;
    const hidePopover = vi.fn();
    list.hidePopover = hidePopover;
    phone.dispatchEvent(new Event('change'));
    expect(hidePopover).not.toHaveBeenCalled();
    act(() => void list.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' })));
    phone.dispatchEvent(new Event('change'));
    expect(hidePopover).toHaveBeenCalledOnce();
    act(() => void list.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'closed' })));
    expect(removed).toHaveBeenCalledWith('change', expect.any(Function));
    phone.dispatchEvent(new Event('change'));
    expect(hidePopover).toHaveBeenCalledOnce();
  });

  it('adds the dashboard and the account menu once logged in', async () => {
    renderWithApp(<Header />, { path: '/', fallback: loggedIn });
    expect(await screen.findByRole('button', { name: 'Demo Owner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/servers');
    expect(screen.getByRole('link', { name: 'Dashboard' }).closest('li')?.hasAttribute('class')).toBe(false);
  });

  it('before it knows who is there (a prerendered page), leaves Login and the account to the signed-in hint', () => {
    renderWithApp(<Header />, { path: '/commands' });
    expect(screen.getByRole('link', { name: 'Login' }).className).toContain('signed-in:hidden');
    expect(pendingAccount()?.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'signed-in:block']));
    for (const link of screen.getAllByRole('link', { name: 'Dashboard' })) expect(link.closest('li')?.className).toBe('hidden signed-in:block');
    for (const name of ['Commands', 'Kenji Library', 'Glaive Library'])
      expect(screen.getByRole('link', { name }).closest('li')?.hasAttribute('class')).toBe(false);
  });

  it('shows Login to everyone when it cannot learn who is there', async () => {
    renderWithApp(<Header />, { path: '/commands', fetcher: () => Promise.reject(new Error('offline')) });
    await waitFor(() => expect(pendingAccount()).toBeNull());
    expect(screen.getByRole('link', { name: 'Login' }).className).not.toContain('signed-in:');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

describe('the boot script', () => {
  const run = (cookie: string) => {
    document.documentElement.removeAttribute('data-signed-in');
    for (const name of ['sm_signed_in', 'xsm_signed_in']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    if (cookie) document.cookie = cookie;
    // The page runs this string inline before paint; running it is what is tested.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
    new Function(THEME_BOOT_SCRIPT)();
    return document.documentElement.hasAttribute('data-signed-in');
  };

  it('marks the page for a browser holding the signed-in hint, before paint, and for no other cookie', () => {
    expect(run('sm_signed_in=1')).toBe(true);
    expect(run('xsm_signed_in=1')).toBe(false);
    expect(run('')).toBe(false);
  });
});
