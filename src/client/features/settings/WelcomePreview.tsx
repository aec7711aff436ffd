import { useSyncExternalStore } from 'react';
import { BOT_NAME } from '../../../shared/constants';
import { messageParts, type WelcomePlaceholder } from '../../../shared/settings';
import { useAuth } from '../account/useAuth';
import { LogoIcon } from '../../ui/Icons';

const count = new Intl.NumberFormat('en-US');
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

interface Props {
  text: string;
  serverName: string;
  /** null when Discord did not say: the placeholder is then shown as it is. */
  memberCount: number | null;
}

const noSubscription = () => () => undefined;
const clockText = () => time.format(new Date());

/** A mention as Discord draws it: a tinted pill. */
function Mention({ name }: { name: string }) {
  return <span className="rounded bg-[#5865f2]/15 px-0.5 font-medium text-[#4752c4] dark:bg-[#5865f2]/30 dark:text-[#c9cdfb]">{`@${name}`}</span>;
}

/**
 * How the welcome message will look in Discord, as the bot posts it, with the placeholders filled in for you
 * joining this server. Drawn like Discord's own theme (its dark one in dark mode).
 */
export function WelcomePreview({ text, serverName, memberCount }: Props) {
  const { user } = useAuth();
  // The clock is the browser's: the server's render says only 'Today', so hydration agrees.
  const now = useSyncExternalStore(noSubscription, clockText, () => null);
  const name = user ? (user.global_name ?? user.username) : 'New Member';
  const fill = (placeholder: WelcomePlaceholder) => {
    switch (placeholder) {
      case '{user}':
        return name;
      case '{user.mention}':
        return <Mention name={name} />;
      case '{server}':
        return serverName;
      case '{memberCount}':
        return memberCount === null ? placeholder : count.format(memberCount);
    }
  };
  return (
    <figure className="mt-3">
      <figcaption className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">Preview</figcaption>
      <div
        data-testid="welcome-preview"
        className="flex gap-3 rounded-lg border border-gray-200 bg-white px-4 py-3 text-[15px] leading-[1.375rem] text-[#313338] dark:border-transparent dark:bg-[#313338] dark:text-[#dbdee1]"
      >
        <span aria-hidden="true" className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-[#5865f2] text-white">
          <LogoIcon className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-1.5">
            <span className="font-medium text-[#060607] dark:text-white">{BOT_NAME}</span>
            <span className="rounded bg-[#5865f2] px-1 text-[10px] font-semibold leading-4 text-white">APP</span>
            <span className="text-xs text-[#5c5e66] dark:text-[#949ba4]">{now === null ? 'Today' : `Today at ${now}`}</span>
          </p>
          <p className="whitespace-pre-wrap break-words">
            {text.trim() === '' ? (
              <span className="italic text-[#5c5e66] dark:text-[#949ba4]">The message is empty.</span>
            ) : (
              messageParts(text).map((part, index) => <span key={index}>{'text' in part ? part.text : fill(part.placeholder)}</span>)
            )}
          </p>
        </div>
      </div>
    </figure>
  );
}
