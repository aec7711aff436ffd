import { inviteHref } from '../../../shared/api-keys';
import type { AccessDeniedResponse } from '../../../shared/server-access';

const button =
  'inline-flex items-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const primary = `${button} bg-indigo-600 text-white hover:bg-indigo-500`;
const secondary = `${button} border border-gray-300 text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-900`;

/** A server the user is in but may not open (403): why, and how to get in, instead of a page that does not exist. */
export function NoAccess({ serverId, denial }: { serverId: string; denial: AccessDeniedResponse }) {
  const botMissing = denial.code === 'BOT_NOT_IN_SERVER';
  return (
    <section aria-labelledby="no-access-title" className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">403</p>
      <h1 id="no-access-title" className="mt-2 text-3xl font-bold tracking-tight">
        {botMissing ? 'The bot is not in this server yet' : "You can't open this server's settings"}
      </h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        {botMissing
          ? 'You manage this server, so you can add ServerManager to it yourself. Its settings open here once the bot has joined.'
          : "You are a member of this server, but none of your roles has access to its dashboard. Its owner, or a member with Manage Server, can give one of your roles 'Read only' or 'Read and change settings' in the Access panel of this server's settings."}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {botMissing && (
          <a href={inviteHref(serverId)} className={primary}>
            Add bot
          </a>
        )}
        <a href="/servers" className={botMissing ? secondary : primary}>
          Back to servers
        </a>
      </div>
    </section>
  );
}
