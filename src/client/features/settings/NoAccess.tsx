import { inviteHref } from '../../../shared/api-keys';
import type { AccessDeniedResponse } from '../../../shared/server-access';
import { buttonClass } from '../../ui/buttons';

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
          <a href={inviteHref(serverId)} className={buttonClass.primary}>
            Add bot
          </a>
        )}
        <a href="/servers" className={botMissing ? buttonClass.secondary : buttonClass.primary}>
          Back to servers
        </a>
      </div>
    </section>
  );
}
