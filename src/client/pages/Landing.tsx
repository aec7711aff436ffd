import { Link } from 'wouter';
import { apiKeys } from '../../shared/api-keys';
import { DISPLAYED_UPTIME } from '../../shared/constants';
import { useApi } from '../hooks/useApi';
import { useAuth } from '../hooks/useAuth';

const STATS_REFRESH_MS = 60_000;

const FEATURES = [
  { title: 'Moderation that keeps up', text: 'Ban, kick, timeout, warn, jail and purge with reasons and logs, so your staff can act in seconds.' },
  { title: 'Anti-nuke protection', text: 'Stop mass bans, channel deletions and rogue admins before they wreck your server. Whitelist the people you trust.' },
  { title: 'Last.fm built in', text: 'Now playing, top artists and tracks, and who knows an artist best on your server.' },
  { title: 'Welcome, roles and tickets', text: 'Greet new members, hand out roles automatically or by reaction, and open support tickets from a message.' },
  { title: 'Starboard and logs', text: 'Celebrate the best messages and keep a clear record of what happened in your server.' },
  { title: 'A dashboard, not a manual', text: 'Every setting in one place, saved the moment you change it. No commands to memorise.' },
] as const;

const number = new Intl.NumberFormat('en-US');

export default function Landing() {
  const { user } = useAuth();
  const { data: stats } = useApi(apiKeys.stats, { refreshInterval: STATS_REFRESH_MS });
  const tiles = [
    { label: 'Servers', value: stats ? number.format(stats.servers) : '–' },
    { label: 'Users', value: stats ? number.format(stats.users) : '–' },
    { label: 'Commands', value: stats ? number.format(stats.commands) : '–' },
    { label: 'Uptime', value: DISPLAYED_UPTIME },
  ];
  const primary =
    'rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white shadow hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
  const secondary =
    'rounded-lg border border-gray-300 px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:text-white dark:hover:bg-gray-800';

  return (
    <>
      <section className="mx-auto max-w-7xl px-4 pb-16 pt-20 text-center sm:px-6">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          The Discord bot that runs your server <span className="text-indigo-600 dark:text-indigo-400">for you</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
          Moderation, anti-nuke, fun, server info, utilities and Last.fm in one bot, with a dashboard that saves every change instantly.
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          <a href="/api/invite" className={primary}>
            Add to Discord
          </a>
          {user ? (
            <Link href="/servers" className={secondary}>
              Open Dashboard
            </Link>
          ) : (
            <a href="/api/auth" className={secondary}>
              Login
            </a>
          )}
          <Link href="/commands" className={secondary}>
            View Commands
          </Link>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="stats-heading" className="sr-only">
          Bot statistics
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {tiles.map((t) => (
            <div key={t.label} className="rounded-xl border border-gray-200 bg-white p-6 text-center dark:border-gray-800 dark:bg-gray-900">
              <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">{t.label}</dt>
              <dd className="mt-2 text-3xl font-bold">{t.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Everything your community needs
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-gray-600 dark:text-gray-400">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto mb-20 max-w-5xl rounded-2xl bg-indigo-600 px-6 py-12 text-center text-white">
        <h2 className="text-3xl font-bold">Ready to take control of your server?</h2>
        <p className="mt-4 text-indigo-100">Add the bot in one click, then tune every setting from the dashboard.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <a
            href="/api/invite"
            className="rounded-lg bg-white px-6 py-3 font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Add to Discord
          </a>
          <Link
            href="/commands"
            className="rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            View Commands
          </Link>
        </div>
      </section>
    </>
  );
}
