import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BOT_NAME } from '../../../shared/constants';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { messageParts, type WelcomePlaceholder } from '../../../shared/settings/inputs';
import { colourHex } from '../../../shared/settings/colour';
import { useAuth } from '../../session/useAuth';
import { LogoIcon } from '../../ui/Icons';
import { DiscordMarkdown, MentionPill, type MentionNames } from './DiscordMarkdown';
import type { MarkdownNode } from './markdown-nodes';
import { formatCount } from '../../../shared/count-format';
import { messageClock } from './message-clock';

/** What an embed shows besides its description. */
export interface EmbedLook {
  title: string | null;
  colour: number;
  image: string | null;
}

interface Props {
  text: string;
  data: Pick<ServerSettingsResponse, 'name' | 'memberCount' | 'channels' | 'roles'>;
  /** Drawn as an embed, with this title, colour and image; otherwise as a plain message. */
  embed?: EmbedLook | null;
}

const noSubscription = () => () => undefined;
const clockText = () => messageClock(new Date());

type Parse = (text: string) => MarkdownNode[];

/** The markdown parser, fetched once a preview is on screen (the server's render and the first paint show the plain text). */
function useMarkdownParser(): Parse | null {
  const [parse, setParse] = useState<{ run: Parse } | null>(null);
  useEffect(() => {
    let live = true;
    void import('./discord-markdown-parse').then((module) => {
      if (live) setParse({ run: module.parseDiscordMarkdown });
    });
    return () => {
      live = false;
    };
  }, []);
  return parse?.run ?? null;
}

/** Images the page may load (its CSP): Discord's own CDN. Others are named, not fetched from the viewer's browser. */
const DISCORD_CDN = 'cdn.discordapp.com';

function EmbedImage({ url }: { url: string }) {
  const host = URL.canParse(url) ? new URL(url).hostname : url;
  if (host === DISCORD_CDN) return <img src={url} alt="" className="mt-3 max-h-60 max-w-full rounded" />;
  return (
    <p className="mt-3 flex h-24 items-center justify-center rounded border border-dashed border-[#c4c9ce] px-3 text-center text-xs text-[#5c5e66] dark:border-[#4e5058] dark:text-[#949ba4]">
      {`Image from ${host}`}
    </p>
  );
}

/**
 * How the welcome message will look in Discord, as the bot posts it, with the placeholders filled in for you
 * joining this server: Discord's markdown, mentions as pills, as a message or an embed. Drawn like Discord's own
 * theme (its dark one in dark mode).
 */
export function WelcomePreview({ text, data, embed = null }: Props) {
  const { user } = useAuth();
  // The clock is the browser's: the server's render says only 'Today', so hydration agrees.
  const now = useSyncExternalStore(noSubscription, clockText, () => null);
  const parse = useMarkdownParser();
  const name = user ? (user.global_name ?? user.username) : 'New Member';
  const fill = (placeholder: WelcomePlaceholder): ReactNode => {
    switch (placeholder) {
      case '{user}':
        return name;
      case '{user.mention}':
        return <MentionPill>{`@${name}`}</MentionPill>;
      case '{server}':
        return data.name;
      case '{memberCount}':
        return data.memberCount === null ? placeholder : formatCount(data.memberCount);
    }
  };
  const names: MentionNames = {
    channel: (id) => data.channels.find((channel) => channel.id === id)?.name ?? 'unknown-channel',
    role: (id) => data.roles.find((role) => role.id === id)?.name ?? 'unknown-role',
  };
  const draw = (source: string) =>
    parse === null ? (
      messageParts(source).map((part, index) => <span key={index}>{'text' in part ? part.text : fill(part.placeholder)}</span>)
    ) : (
      <DiscordMarkdown nodes={parse(source)} fill={fill} names={names} />
    );
  const body =
    text.trim() === '' ? (
      <span className="text-[#5c5e66] italic dark:text-[#949ba4]">The message is empty.</span>
    ) : (
      <div className="break-words whitespace-pre-wrap" data-markdown={parse === null ? undefined : 'drawn'}>
        {draw(text)}
      </div>
    );
  return (
    <figure className="mt-3">
      <figcaption className="mb-1.5 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">Preview</figcaption>
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
            <span className="rounded bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">APP</span>
            <span className="text-xs text-[#5c5e66] dark:text-[#949ba4]">{now === null ? 'Today' : `Today at ${now}`}</span>
          </p>
          {embed === null ? (
            body
          ) : (
            <div
              data-testid="welcome-embed"
              className="mt-1 max-w-[32rem] rounded border-l-4 bg-[#f2f3f5] px-3 py-2.5 text-sm dark:bg-[#2b2d31]"
              style={{ borderLeftColor: colourHex(embed.colour) }}
            >
              {embed.title !== null && <div className="mb-1 font-semibold text-[#060607] dark:text-white">{draw(embed.title)}</div>}
              {body}
              {embed.image !== null && <EmbedImage url={embed.image} />}
            </div>
          )}
        </div>
      </div>
    </figure>
  );
}
