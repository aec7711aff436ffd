import { inviteHref } from '../../../shared/api-keys';
import { buttonClass } from '../../ui/buttons';

/** For a role granted 'read': what they see is everything, and nothing can be changed. */
export function ReadOnlyBanner() {
  return (
    <p
      id="read-only-banner"
      role="note"
      className="mt-6 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
    >
      <strong>Read-only.</strong> Your role can view this server&apos;s settings and recent changes, but not change them. Ask the server&apos;s owner for write
      access.
    </p>
  );
}

/** The bot left the server while the page was open: what is shown stays, nothing can be changed. */
export function BotLeftNotice({ serverId, canInvite }: { serverId: string; canInvite: boolean }) {
  return (
    <div
      id="bot-left-notice"
      role="status"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        <strong>The bot has left this server.</strong> Its settings are shown as they were and can&apos;t be changed until the bot is added again.
      </p>
      {canInvite && (
        <a href={inviteHref(serverId)} className={`${buttonClass.secondary} shrink-0 self-start sm:self-auto`}>
          Add bot
        </a>
      )}
    </div>
  );
}
