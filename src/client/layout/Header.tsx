import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { loginHref } from '../../shared/api-key';
import { useAuth } from '../session/useAuth';
import { PHONE_QUERY } from '../ui/breakpoints';
import { lazyComponent } from '../lazy-component';
import { useLocation } from '../navigation';
import type { AccountMenuProps } from '../features/account/AccountMenu';
import { LogoIcon } from '../ui/Icons';
import { ThemeToggle } from '../ui/ThemeToggle';
import { buttonClass } from '../ui/buttons';

/**
 * Only a logged-in visitor sees the account menu, so it is its own chunk: the landing page's first visit
 * does not download it. The server and the hydrating client preload it when the visitor is logged in.
 */
export const accountMenu = lazyComponent<AccountMenuProps>(() => import('../features/account/AccountMenu').then((module) => ({ default: module.AccountMenu })));

export const SITE_LINKS = [
  { href: '/commands', label: 'Commands' },
  { href: '/kenji', label: 'Kenji Library' },
  { href: '/glaive', label: 'Glaive Library' },
] as const;

export const DASHBOARD_LINK = { href: '/servers', label: 'Dashboard' } as const;

/** Signed in: the dashboard first. Not known yet: there too, shown only to a browser with the signed-in hint (LoginLink). */
const siteLinks = (account: Account) => (account === 'signed-out' ? SITE_LINKS : [DASHBOARD_LINK, ...SITE_LINKS]);

type Account = 'signed-in' | 'signed-out' | 'unknown';

/** The one link list's id: the bar on wider screens, the phone menu's popover below them. */
export const SITE_MENU_ID = 'site-menu';

/**
 * Site navigation: one list of links (styles.css `.site-links`), a row in the bar on wider screens and on a phone a
 * popover its button opens, which the browser does without script (before hydration too) and closes on Escape or a
 * click outside. The button's expanded state is the browser's own until the list first opens; from then on it is
 * said here as well (a test environment has no popover to ask).
 */
function SiteNav({ account, location }: { account: Account; location: string }) {
  const [open, setOpen] = useState<boolean>();
  const menu = useRef<HTMLUListElement>(null);
  const close = useMemo(() => (open === true ? () => menu.current?.hidePopover() : undefined), [open]);
  // Widened into the bar while open: the popover closes rather than float over the row.
  useEffect(() => {
    if (close === undefined) return;
    const phone = window.matchMedia(PHONE_QUERY);
    phone.addEventListener('change', close);
    return () => phone.removeEventListener('change', close);
  }, [close]);
  return (
    <>
      <button type="button" popoverTarget={SITE_MENU_ID} aria-label="Menu" aria-expanded={open} className="site-menu-button">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="icon h-5 w-5">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <ul id={SITE_MENU_ID} ref={menu} popover="auto" onToggle={(event) => setOpen(event.newState === 'open')} className="site-links">
        {siteLinks(account).map((link) => (
          <li key={link.href} className={link === DASHBOARD_LINK && account === 'unknown' ? 'hidden signed-in:block' : undefined}>
            <a href={link.href} onClick={close} aria-current={location === link.href || location.startsWith(`${link.href}/`) ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * 'Login', or while the page does not know yet who is there (a prerendered page asks /api/check-auth after
 * hydration), a quiet placeholder in its place for a browser that says it is signed in (the boot script reads
 * the hint cookie before paint, src/client/theme-script.ts): a signed-in visitor never sees 'Login' flash.
 */
function LoginLink({ location, pending }: { location: string; pending: boolean }) {
  return (
    <>
      <a href={loginHref(location)} className={`${buttonClass.primary} ${pending ? 'signed-in:hidden' : ''}`}>
        Login
      </a>
      {pending && (
        <span aria-hidden="true" className="account-pending hidden signed-in:block">
          <span />
        </span>
      )}
    </>
  );
}

export function Header() {
  const { unknown, user, isAdmin } = useAuth();
  const [location] = useLocation();
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <a href="/servers" className="site-logo" aria-label="ServerManager home: your servers">
          <span>
            <LogoIcon />
          </span>
          <span>ServerManager</span>
        </a>
        <div className="site-tools">
          <SiteNav account={user ? 'signed-in' : unknown ? 'unknown' : 'signed-out'} location={location} />
          <ThemeToggle />
          {user ? (
            // Preloaded wherever the first paint has a visitor (the server, the hydrating browser): no boundary, so the
            // header hydrates in one pass with the page. Someone a prerendered page learns of later waits behind one.
            accountMenu.isLoaded() ? (
              <accountMenu.Component user={user} isAdmin={isAdmin} />
            ) : (
              <Suspense fallback={null}>
                <accountMenu.Component user={user} isAdmin={isAdmin} />
              </Suspense>
            )
          ) : (
            <LoginLink location={location} pending={unknown} />
          )}
        </div>
      </nav>
    </header>
  );
}
