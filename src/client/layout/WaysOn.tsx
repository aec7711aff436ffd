import { DASHBOARD_LINK, SITE_LINKS } from './Header';

/** What each of the site's places holds, in a line (the header's links say only their names). */
const WHAT: Readonly<Record<(typeof SITE_LINKS)[number]['href'] | typeof DASHBOARD_LINK.href, string>> = {
  '/servers': 'Your servers and the bot’s settings in each.',
  '/commands': 'Every command the bot understands, with examples.',
  '/kenji': 'Browse, play and download the Kenji music library.',
  '/glaive': 'Browse, play and download the Glaive music library.',
};

/**
 * The site's places as cards, for a page with nothing else to offer (the 404 page, the signed-out server list):
 * the way on is one click, not a hunt through the header.
 */
export function WaysOn({ current, heading = 'Where to go from here' }: { current?: string; heading?: string }) {
  // The page being shown is no way on from itself.
  const links = [DASHBOARD_LINK, ...SITE_LINKS].filter((link) => link.href !== current);
  return (
    <nav aria-label={heading} className="mt-12 w-full text-left">
      <h2 className="text-center text-sm font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">{heading}</h2>
      <ul className={`mt-4 grid grid-cols-1 gap-3 ${links.length % 2 === 0 ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="block h-full rounded-xl border border-gray-200 bg-white p-4 transition hover:border-indigo-500 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-400"
            >
              <span className="block font-semibold text-indigo-700 dark:text-indigo-300">{link.label}</span>
              <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400">{WHAT[link.href]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
