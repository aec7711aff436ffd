/** The body of every failed API answer (DESIGN section 4): the sentence to show and a machine-readable code. */

export interface ApiErrorBody {
  error: string;
  code: string;
}
