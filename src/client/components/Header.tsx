import { Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { loginHref } from '../../shared/api-keys';
import { useAuth } from '../hooks/useAuth';
import { lazyComponent } from '../lazy-component';
import type { AccountMenuProps } from './AccountMenu';
import { LogoIcon } from './Icons';
import { ThemeToggle } from './ThemeToggle';

/**
 * Only a logged-in visitor sees the account menu, so it is its own chunk: the landing page's first visit
 * does not download it. The server and the hydrating client preload it when the visitor is logged in.
 */
export const accountMenu = lazyComponent<AccountMenuProps>(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

export function Header() {
  const { user, isAdmin } = useAuth();
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          href="/servers"
          className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-500"
          aria-label="ServerManager home: your servers"
        >
          <span className="rounded-lg bg-indigo-600 p-1.5 text-white">
            <LogoIcon />
          </span>
          <span className="text-base font-bold tracking-tight text-gray-900 sm:text-lg dark:text-white">ServerManager</span>
        </Link>
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {user ? (
            <Suspense fallback={null}>
              <accountMenu.Component user={user} isAdmin={isAdmin} />
            </Suspense>
          ) : (
            <a
              href={loginHref(location)}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
            >
              Login
            </a>
          )}
        </div>
      </nav>
    </header>
  );
}
