/**
 * A whole number written in a URL's query. `z.coerce.number()` would take whatever `Number()` takes
 * (`1e2`, `+3`, `0x10`, ` 7 `), so the text must be plain decimal digits before it becomes a number; 15 digits
 * keep it a safe integer. Described to OpenAPI as the integer it is on the wire.
 */
import { z } from 'zod';

const DECIMAL_DIGITS = /^(0|[1-9][0-9]{0,14})$/;

export function wholeNumberQuery(message: string, bounds: { min: number; max?: number }) {
  const value = z.number().min(bounds.min, message);
  return z
    .string({ error: message })
    .regex(DECIMAL_DIGITS, message)
    .transform(Number)
    .pipe(bounds.max === undefined ? value : value.max(bounds.max, message))
    .meta({ type: 'integer', minimum: bounds.min, ...(bounds.max === undefined ? {} : { maximum: bounds.max }) });
}
