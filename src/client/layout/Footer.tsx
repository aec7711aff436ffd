export const FOOTER_LINKS = [
  { routeId: 'terms', href: '/terms-of-service', label: 'Terms' },
  { routeId: 'privacy', href: '/privacy-policy', label: 'Privacy' },
  { routeId: 'contact', href: '/contact', label: 'Contact' },
] as const;

/** Links to the legal and contact pages, without the one being shown. */
export function Footer({ currentRouteId }: { currentRouteId: string }) {
  return (
    <footer className="site-footer">
      <div>
        <p>{`© ${new Date().getFullYear()} ServerManager`}</p>
        <nav aria-label="Footer">
          <ul>
            {FOOTER_LINKS.filter((l) => l.routeId !== currentRouteId).map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
