/**
 * Discord's markdown read by a kept parser (discord-markdown-parser, simple-markdown with Discord's rules), with
 * lists and the welcome's placeholders added, into a small tree of our own that the preview draws as React
 * elements: no HTML is ever made from the text. Loaded only when a preview is on screen.
 */
import { parse, rulesExtended, SimpleMarkdown } from 'discord-markdown-parser';
import { WELCOME_PLACEHOLDERS, type WelcomePlaceholder } from '../../../shared/settings/inputs';
import type { MarkdownNode } from './markdown-nodes';

type ParsedNode = ReturnType<typeof parse>[number];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = new RegExp(`^(?:${WELCOME_PLACEHOLDERS.map((placeholder) => escapeRegex(placeholder.token)).join('|')})`);

/** Consecutive lines that start with "- ", "* " or "1. ": Discord's list ends with the first line that does not. */
const LIST = /^(?:[*-]|\d{1,9}\.) [^\n]*(?:\n(?:[*-]|\d{1,9}\.) [^\n]*)*\n?/;
const LIST_MARKER = /^(?:[*-]|(\d{1,9})\.) /;

const parser = SimpleMarkdown.parserFor({
  ...rulesExtended,
  // Discord draws "- item" and "1. item" at a line's start as lists (simple-markdown's own list runs on to a blank line).
  list: {
    order: rulesExtended.blockQuote?.order ?? 0,
    match: (source, state) => {
      const previous: unknown = state.prevCapture;
      const before = Array.isArray(previous) && typeof previous[0] === 'string' ? previous[0] : '';
      return before === '' || before.endsWith('\n') ? LIST.exec(source) : null;
    },
    parse: (capture, nestedParse, state) => {
      const lines = (capture[0] ?? '').replace(/\n$/, '').split('\n');
      const start = LIST_MARKER.exec(lines[0] ?? '')?.[1];
      return {
        ordered: start !== undefined,
        start: start === undefined ? 1 : Number(start),
        items: lines.map((line) => nestedParse(line.replace(LIST_MARKER, ''), { ...state, inline: true })),
      };
    },
  },
  placeholder: {
    order: SimpleMarkdown.defaultRules.text.order - 0.5,
    match: SimpleMarkdown.inlineRegex(PLACEHOLDER),
    parse: (capture) => ({ token: capture[0] }),
  },
});

/** Only web addresses become links; anything else (javascript:, data:) stays text. */
const safeHref = (target: unknown): string | null => {
  if (typeof target !== 'string' || !URL.canParse(target)) return null;
  const { protocol } = new URL(target);
  return protocol === 'https:' || protocol === 'http:' ? target : null;
};

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const childrenOf = (value: unknown): MarkdownNode[] => (Array.isArray(value) ? value.flatMap((node: ParsedNode) => convert(node)) : textNode(textOf(value)));

const textNode = (text: string): MarkdownNode[] => (text === '' ? [] : [{ type: 'text', text }]);

const isPlaceholder = (token: unknown): token is WelcomePlaceholder => WELCOME_PLACEHOLDERS.some((placeholder) => placeholder.token === token);

const WRAPPERS = {
  strong: 'strong',
  em: 'em',
  underline: 'underline',
  strikethrough: 'strike',
  spoiler: 'spoiler',
  blockQuote: 'quote',
  subtext: 'subtext',
} as const;

function convert(node: ParsedNode): MarkdownNode[] {
  const type = node.type;
  if (Object.hasOwn(WRAPPERS, type)) return [{ type: WRAPPERS[type as keyof typeof WRAPPERS], children: childrenOf(node.content) }];
  switch (type) {
    case 'text':
    case 'emoticon':
      return textNode(textOf(node.content));
    case 'placeholder':
      return isPlaceholder(node.token) ? [{ type: 'placeholder', token: node.token }] : textNode(textOf(node.token));
    case 'heading':
      return [{ type: 'heading', level: node.level === 1 ? 1 : node.level === 2 ? 2 : 3, children: childrenOf(node.content) }];
    case 'inlineCode':
      return [{ type: 'inlineCode', text: textOf(node.content) }];
    case 'codeBlock':
      return [{ type: 'codeBlock', text: textOf(node.content) }];
    case 'link':
    case 'url':
    case 'autolink':
      return [{ type: 'link', href: safeHref(node.target), children: childrenOf(node.content) }];
    case 'list': {
      const items: unknown[] = Array.isArray(node.items) ? node.items : [];
      return [{ type: 'list', ordered: node.ordered === true, start: typeof node.start === 'number' ? node.start : 1, items: items.map(childrenOf) }];
    }
    case 'br':
    case 'newline':
      return [{ type: 'br' }];
    case 'user':
    case 'channel':
    case 'role':
      return [{ type: 'mention', kind: type, id: textOf(node.id) }];
    case 'everyone':
    case 'here':
      return [{ type: 'mention', kind: type, id: '' }];
    case 'emoji':
      return textNode(`:${textOf(node.name)}:`);
    case 'twemoji':
      return textNode(textOf(node.name));
    default:
      // Anything else Discord writes (a timestamp, a slash command) is shown as the text it came from.
      return Array.isArray(node.content) ? childrenOf(node.content) : textNode(textOf(node.content));
  }
}

/** The text as Discord reads its markdown, placeholders kept as tokens. */
export function parseDiscordMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true }).flatMap(convert);
}
