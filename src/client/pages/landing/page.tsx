import { inviteHref, loginHref } from '../../../shared/api-key';
import { publicApiKeys as apiKeys } from '../../../shared/public-api-keys';
import { DISPLAYED_UPTIME } from '../../../shared/constants';
import { usePolledJson } from '../../hooks/usePolledJson';
import { lazyComponent } from '../../lazy-component';
import { StaticIsland } from '../../static-island';
import { useAuth } from '../../session/useAuth';
import { formatCount } from '../../../shared/count-format';
import './page.css';

const STATS_REFRESH_MS = 60_000;

/** Drawn by the browser only on a client-side move to the page; hydration keeps the server's HTML of it. */
const showcase = lazyComponent(() => import('../../features/landing/Showcase'));

export default function Landing() {
  const { user, unknown } = useAuth();
  // Asked for after hydration (the page is prerendered, the same for everyone); each figure keeps its place until then.
  const stats = usePolledJson(apiKeys.stats, STATS_REFRESH_MS);
  const tiles = [
    { label: 'Servers', value: stats ? formatCount(stats.servers) : '–' },
    { label: 'Users', value: stats ? formatCount(stats.users) : '–' },
    { label: 'Commands', value: stats ? formatCount(stats.commands) : '–' },
    { label: 'Uptime', value: DISPLAYED_UPTIME },
  ];

  return (
    <>
      <section className="landing-hero">
        <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          The Discord bot that runs your server <span className="text-indigo-600 dark:text-indigo-400">for you</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
          Moderation, anti-nuke, fun, server info, utilities and Last.fm in one bot, with a dashboard that saves every change instantly.
        </p>
        <div className="mt-10 flex flex-col items-center gap-5">
          <a href={inviteHref()} className="invite-button">
            Add to Discord
          </a>
          <p className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
            {/* Before the page knows who is there, the browser's signed-in hint picks (src/client/layout/Header.tsx, LoginLink). */}
            {(user !== null || unknown) && (
              <a href="/servers" className={`quiet-link ${user ? '' : 'hidden signed-in:inline'}`}>
                Open Dashboard
              </a>
            )}
            {!user && (
              <a href={loginHref()} className={`quiet-link ${unknown ? 'signed-in:hidden' : ''}`}>
                Login
              </a>
            )}
            <a href="/commands" className="quiet-link">
              View Commands
            </a>
          </p>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="mx-auto max-w-5xl px-4 sm:px-6">
        <h2 id="stats-heading" className="sr-only">
          Bot statistics
        </h2>
        <dl className="grid grid-cols-2 divide-gray-200 rounded-2xl border border-gray-200 bg-white md:grid-cols-4 md:divide-x dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
          {tiles.map((t) => (
            <div key={t.label} className="stat-tile">
              <dt>{t.label}</dt>
              <dd>{t.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <StaticIsland id="landing-showcase" content={showcase} />
    </>
  );
}
