/** The tree the welcome preview draws: what Discord's markdown makes of a message (discord-markdown-parse.ts). */
import type { WelcomePlaceholder } from '../../../shared/settings/index';

export type MarkdownNode =
  | { type: 'text'; text: string }
  | { type: 'placeholder'; token: WelcomePlaceholder }
  | { type: 'strong' | 'em' | 'underline' | 'strike' | 'spoiler' | 'quote' | 'subtext'; children: MarkdownNode[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: MarkdownNode[] }
  | { type: 'inlineCode' | 'codeBlock'; text: string }
  /** `href`: null when the target is not a web address (it is then drawn as text). */
  | { type: 'link'; href: string | null; children: MarkdownNode[] }
  | { type: 'list'; ordered: boolean; start: number; items: MarkdownNode[][] }
  | { type: 'br' }
  | { type: 'mention'; kind: 'user' | 'channel' | 'role' | 'everyone' | 'here'; id: string };
