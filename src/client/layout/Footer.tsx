import { Link } from 'wouter';

export const FOOTER_LINKS = [
  { routeId: 'terms', href: '/terms-of-service', label: 'Terms' },
  { routeId: 'privacy', href: '/privacy-policy', label: 'Privacy' },
  { routeId: 'contact', href: '/contact', label: 'Contact' },
] as const;

/** Links to the legal and contact pages, without the one being shown. */
export function Footer({ currentRouteId }: { currentRouteId: string }) {
  return (
    <footer className="border-t border-gray-200 dark:border-gray-800">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:px-6 dark:text-gray-400">
        <p>© {new Date().getFullYear()} ServerManager</p>
        <nav aria-label="Footer">
          <ul className="flex gap-6">
            {FOOTER_LINKS.filter((l) => l.routeId !== currentRouteId).map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  className="hover:text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-white"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
