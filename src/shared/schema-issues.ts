/** How a failed parse is told to people: one sentence that starts with the field's path. */
import type { z } from 'zod';

/** ['value', 1] → 'value[1]'; ['a', 'b'] → 'a.b'; [] → ''. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).reduce((name, part) => (name === '' ? part : /^\d+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`), '');
}

/** The first problem of a failed parse, naming the field unless the schema's own message already does. */
export function firstIssueMessage(error: Pick<z.core.$ZodError, 'issues'>, prefix: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  const field = fieldPath([...prefix, ...issue.path]);
  // Only a sentence that starts with the field already names it: 'expected' is also a word of the schema's messages.
  if (field && !issue.message.startsWith(field)) return `${field}: ${issue.message}`;
  return issue.message;
}

/** The first problem in the schema's own words, for a form whose labels already say which field it is. */
export function firstIssueSentence(error: Pick<z.core.$ZodError, 'issues'>): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  return issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : issue.message;
}
