import { inviteHref, loginHref } from '../../../shared/api-key';
import { publicApiKeys as apiKeys } from '../../../shared/public-api-keys';
import { usePolledJson } from '../../hooks/usePolledJson';
import { lazyComponent } from '../../lazy-component';
import { StaticIsland } from '../../static-island';
import { useAuth } from '../../session/useAuth';
import { formatCount } from '../../../shared/count-format';
import './page.css';

const STATS_REFRESH_MS = 60_000;
/** SPEC section 9: the uptime shown is a fixed figure. Only this page shows it. */
const DISPLAYED_UPTIME = '99.9%';

/** Drawn by the browser only on a client-side move to the page; hydration keeps the server's HTML of them. */
const heroText = lazyComponent(() => import('../../features/landing/HeroText'));
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
        <StaticIsland id="landing-hero-text" content={heroText} />
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
        <dl className="stat-tiles">
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
