/**
 * The kinds of field a message's look needs (the welcome's embed and how it is sent): one of a few options, a line of
 * text, a colour and an image address. Rows of the kinds table (settings/kinds.ts), kept here with their rules.
 */
import { z } from 'zod';
import { excerpt } from '../audit-excerpt';
import type { KindDefinition } from './field-specs';
import type { FieldSpecOf } from './field-specs';
import { hasVisibleCharacter, hiddenCharacterProblem, NO_VISIBLE_CHARACTER, trimSpaces } from '../visible-text';
import { formatCount } from '../count-format';
import { colourHex } from './colour';

/** '' and spaces alone mean "not set". */
const blankToNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = trimSpaces(value);
  return trimmed === '' ? null : trimmed;
};

/** Whether Discord can show an image from this address: an absolute https:// URL with a host. */
export function isHttpsUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(text);
}

export const EMBED_KINDS = {
  lineText: {
    schema: ({ maxLength }) =>
      z.preprocess(
        blankToNull,
        z
          .string()
          .regex(/^[^\n\r]*$/, 'must be one line')
          .superRefine((text, ctx) => {
            const problem = hiddenCharacterProblem(text);
            if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, abort: true });
          })
          .refine(hasVisibleCharacter, NO_VISIBLE_CHARACTER)
          .max(maxLength, `must be at most ${formatCount(maxLength)} characters`)
          .nullable(),
      ),
    defaultValue: () => null,
    describe: (value) => (value === null ? 'none' : excerpt(value)),
    sample: () => 'Welcome to {server}!',
    problem: ({ maxLength }) => `Write one line of at most ${formatCount(maxLength)} characters, or leave it empty.`,
  } satisfies KindDefinition<string | null, FieldSpecOf<'lineText'>>,
  colour: {
    schema: () => {
      const message = 'must be a colour from 0 (#000000) to 16777215 (#FFFFFF)';
      return z.number({ error: message }).int(message).min(0, message).max(0xffffff, message);
    },
    defaultValue: (spec) => spec.default,
    describe: colourHex,
    sample: () => 0xed4245,
    problem: () => 'Enter a colour as six hexadecimal digits, like #5865F2.',
  } satisfies KindDefinition<number, FieldSpecOf<'colour'>>,
  imageUrl: {
    schema: ({ maxLength }) =>
      z.preprocess(
        blankToNull,
        z
          .string()
          .max(maxLength, `must be at most ${formatCount(maxLength)} characters`)
          .refine(isHttpsUrl, 'must be an https:// address')
          .nullable(),
      ),
    defaultValue: () => null,
    describe: (value) => value ?? 'none',
    sample: () => 'https://cdn.example.com/welcome.png',
    problem: ({ maxLength }) => `Enter an https:// address of at most ${formatCount(maxLength)} characters, or leave it empty.`,
  } satisfies KindDefinition<string | null, FieldSpecOf<'imageUrl'>>,
};
