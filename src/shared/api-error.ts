/** The body of every failed API answer (DESIGN section 4): the sentence to show and a machine-readable code. */

export interface ApiErrorBody {
  error: string;
  code: string;
}

/** The one code for input that does not match its schema; the message starts with the field's path. */
export const INVALID_INPUT = 'INVALID_INPUT';
