import { Suspense, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { loginHref } from '../../shared/api-keys';
import { useAuth } from '../features/account/useAuth';
import { lazyComponent } from '../lazy-component';
import type { AccountMenuProps } from '../features/account/AccountMenu';
import { LogoIcon } from '../ui/Icons';
import { ThemeToggle } from '../ui/ThemeToggle';
import { buttonClass } from '../ui/buttons';

/**
 * Only a logged-in visitor sees the account menu, so it is its own chunk: the landing page's first visit
 * does not download it. The server and the hydrating client preload it when the visitor is logged in.
 */
export const accountMenu = lazyComponent<AccountMenuProps>(() => import('../features/account/AccountMenu').then((module) => ({ default: module.AccountMenu })));

const SITE_LINKS = [
  { href: '/commands', label: 'Commands' },
  { href: '/kenji', label: 'Kenji Library' },
  { href: '/glaive', label: 'Glaive Library' },
] as const;

const DASHBOARD_LINK = { href: '/servers', label: 'Dashboard' } as const;

/** Signed in: the dashboard first. Not known yet: there too, shown only to a browser with the signed-in hint (LoginLink). */
const siteLinks = (account: Account) => (account === 'signed-out' ? SITE_LINKS : [DASHBOARD_LINK, ...SITE_LINKS]);

type Account = 'signed-in' | 'signed-out' | 'unknown';

const closeMenu = (event: MouseEvent<HTMLAnchorElement>) => event.currentTarget.closest('details')?.removeAttribute('open');

/** Site navigation: links in the bar on wider screens, a native disclosure menu on a phone (no script needed to open it). */
function SiteNav({ account, location }: { account: Account; location: string }) {
  const links = (listClass: string, linkClass: string) => (
    <ul className={listClass}>
      {siteLinks(account).map((link) => (
        <li key={link.href} className={link === DASHBOARD_LINK && account === 'unknown' ? 'hidden signed-in:block' : undefined}>
          <Link
            href={link.href}
            aria-current={location === link.href || location.startsWith(`${link.href}/`) ? 'page' : undefined}
            onClick={closeMenu}
            className={`text-sm text-gray-700 focus-visible:outline-indigo-500 aria-[current=page]:text-indigo-700 dark:text-gray-300 dark:aria-[current=page]:text-indigo-300 ${linkClass}`}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {links('hidden items-center gap-1 md:flex', 'rounded-lg px-3 py-2 font-medium hover:bg-gray-100 focus-visible:outline-2 dark:hover:bg-gray-800')}
      <details className="relative md:hidden">
        <summary
          aria-label="Menu"
          className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-300 dark:hover:bg-gray-800 [&::-webkit-details-marker]:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </summary>
        {links(
          'absolute right-0 z-50 mt-2 w-48 rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900',
          'block px-4 py-2 hover:bg-gray-100 focus-visible:outline-2 dark:hover:bg-gray-800',
        )}
      </details>
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
        <span aria-hidden="true" data-testid="account-pending" className="hidden px-1.5 py-2 sm:px-3 signed-in:block">
          <span className="block h-5 w-20 animate-pulse rounded bg-gray-200 dark:bg-gray-800" />
        </span>
      )}
    </>
  );
}

export function Header() {
  const { unknown, user, isAdmin } = useAuth();
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center justify-between gap-1 px-2 sm:gap-4 sm:px-6">
        <Link
          href="/servers"
          className="flex shrink-0 items-center gap-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-500 sm:gap-2"
          aria-label="ServerManager home: your servers"
        >
          <span className="rounded-lg bg-indigo-600 p-1.5 text-white">
            <LogoIcon />
          </span>
          <span className="text-base font-bold tracking-tight text-gray-900 sm:text-lg dark:text-white">ServerManager</span>
        </Link>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          <SiteNav account={user ? 'signed-in' : unknown ? 'unknown' : 'signed-out'} location={location} />
          <ThemeToggle />
          {user ? (
            <Suspense fallback={null}>
              <accountMenu.Component user={user} isAdmin={isAdmin} />
            </Suspense>
          ) : (
            <LoginLink location={location} pending={unknown} />
          )}
        </div>
      </nav>
    </header>
  );
}
