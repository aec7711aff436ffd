import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type SVGProps } from 'react';
import { useLocation } from '../../navigation';
import type { SessionUser } from '../../../shared/account';
import { useSignOut } from './useSignOut';
import { outlineIcon } from '../../ui/Icons';

const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...outlineIcon(p)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export interface AccountMenuProps {
  user: SessionUser;
  isAdmin: boolean;
}

// Its own chunk: most visits never open it.
const SessionsDialog = lazy(() => import('./SessionsDialog'));
const SignOutEverywhereDialog = lazy(() => import('./SignOutEverywhereDialog'));

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:text-gray-200 dark:hover:bg-gray-700 dark:focus:bg-gray-700';

/** The account dropdown: opens on click; closes on an outside click, Escape or a selection. */
export function AccountMenu({ user, isAdmin }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  const [location] = useLocation();
  const signOut = useSignOut();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const menuActions = [
    { label: 'Sessions', run: () => setSessionsOpen(true) },
    { label: 'Sign Out', run: () => void signOut() },
    { label: 'Sign out everywhere', run: () => setConfirmingEverywhere(true) },
  ];

  const name = user.global_name ?? user.username;
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className="flex items-center gap-1 rounded-lg px-1.5 py-2 text-sm font-medium sm:px-3 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <span className="max-w-[11rem] truncate sm:max-w-[12rem]">{name}</span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-800"
        >
          {!location.includes('/bite') && (
            <a href="/bite" role="menuitem" className={itemClass} onClick={() => setOpen(false)}>
              Server Manager
            </a>
          )}
          {isAdmin && (
            <a href="/admin" role="menuitem" className={itemClass} onClick={() => setOpen(false)}>
              Admin
            </a>
          )}
          {menuActions.map(({ label, run }) => (
            <button
              key={label}
              type="button"
              role="menuitem"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                run();
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {sessionsOpen && (
        <Suspense fallback={null}>
          <SessionsDialog
            onClose={() => setSessionsOpen(false)}
            onSignOutEverywhere={() => {
              setSessionsOpen(false);
              setConfirmingEverywhere(true);
            }}
          />
        </Suspense>
      )}
      {confirmingEverywhere && (
        <Suspense fallback={null}>
          <SignOutEverywhereDialog
            onCancel={() => setConfirmingEverywhere(false)}
            onConfirm={() => {
              setConfirmingEverywhere(false);
              void signOut({ everywhere: true });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
