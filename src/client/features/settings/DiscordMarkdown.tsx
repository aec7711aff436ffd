import { useState, type ReactNode } from 'react';
import type { WelcomePlaceholder } from '../../../shared/settings/index';
import type { MarkdownNode } from './markdown-nodes';

export interface MentionNames {
  channel: (id: string) => string;
  role: (id: string) => string;
}

interface Props {
  nodes: readonly MarkdownNode[];
  fill: (placeholder: WelcomePlaceholder) => ReactNode;
  names: MentionNames;
}

/** A mention as Discord draws it: a tinted pill. */
export function MentionPill({ children }: { children: ReactNode }) {
  return <span className="rounded bg-[#5865f2]/15 px-0.5 font-medium text-[#4752c4] dark:bg-[#5865f2]/30 dark:text-[#c9cdfb]">{children}</span>;
}

/** Hidden until clicked, as in Discord. */
function Spoiler({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (shown) return <span className="rounded bg-black/10 px-0.5 dark:bg-white/10">{children}</span>;
  return (
    <button
      type="button"
      aria-label="Spoiler, show it"
      onClick={() => setShown(true)}
      className="rounded bg-[#c4c9ce] px-0.5 text-transparent hover:bg-[#b5bac1] dark:bg-[#1e1f22] dark:hover:bg-[#2e3035] [&_*]:invisible"
    >
      {children}
    </button>
  );
}

const HEADING_CLASS = { 1: 'text-2xl font-bold leading-tight', 2: 'text-xl font-bold leading-tight', 3: 'text-base font-bold leading-tight' } as const;

function mentionText(node: Extract<MarkdownNode, { type: 'mention' }>, names: MentionNames): string {
  switch (node.kind) {
    case 'user':
      return '@unknown-user';
    case 'channel':
      return `#${names.channel(node.id)}`;
    case 'role':
      return `@${names.role(node.id)}`;
    case 'everyone':
      return '@everyone';
    case 'here':
      return '@here';
  }
}

function Node({ node, fill, names }: { node: MarkdownNode; fill: Props['fill']; names: MentionNames }) {
  const inner = (children: readonly MarkdownNode[]) => <DiscordMarkdown nodes={children} fill={fill} names={names} />;
  switch (node.type) {
    case 'text':
      return node.text;
    case 'placeholder':
      return fill(node.token);
    case 'strong':
      return <strong className="font-bold">{inner(node.children)}</strong>;
    case 'em':
      return <em>{inner(node.children)}</em>;
    case 'underline':
      return <u>{inner(node.children)}</u>;
    case 'strike':
      return <s>{inner(node.children)}</s>;
    case 'spoiler':
      return <Spoiler>{inner(node.children)}</Spoiler>;
    case 'quote':
      return <blockquote className="my-0.5 border-l-4 border-[#c4c9ce] pl-3 dark:border-[#4e5058]">{inner(node.children)}</blockquote>;
    case 'subtext':
      return <small className="block text-xs text-[#5c5e66] dark:text-[#949ba4]">{inner(node.children)}</small>;
    case 'heading':
      return <span className={`my-1 block ${HEADING_CLASS[node.level]}`}>{inner(node.children)}</span>;
    case 'inlineCode':
      return <code className="rounded bg-[#e3e5e8] px-1 font-mono text-[0.85em] dark:bg-[#2b2d31]">{node.text}</code>;
    case 'codeBlock':
      return (
        <pre className="my-1 overflow-x-auto rounded border border-[#e3e5e8] bg-[#f2f3f5] p-2 font-mono text-[0.85em] whitespace-pre-wrap dark:border-[#1e1f22] dark:bg-[#2b2d31]">
          <code>{node.text}</code>
        </pre>
      );
    case 'link':
      return node.href === null ? (
        inner(node.children)
      ) : (
        <a href={node.href} target="_blank" rel="noopener noreferrer" className="text-[#006ce7] hover:underline dark:text-[#00a8fc]">
          {inner(node.children)}
        </a>
      );
    case 'list': {
      const items = node.items.map((item, index) => <li key={index}>{inner(item)}</li>);
      return node.ordered ? (
        <ol start={node.start} className="my-0.5 list-decimal pl-6">
          {items}
        </ol>
      ) : (
        <ul className="my-0.5 list-disc pl-6">{items}</ul>
      );
    }
    case 'br':
      return <br />;
    case 'mention':
      return <MentionPill>{mentionText(node, names)}</MentionPill>;
  }
}

/** Discord's markdown drawn as Discord draws it, from the parsed tree: every piece of text is a React text node. */
export function DiscordMarkdown({ nodes, fill, names }: Props) {
  return nodes.map((node, index) => <Node key={index} node={node} fill={fill} names={names} />);
}
