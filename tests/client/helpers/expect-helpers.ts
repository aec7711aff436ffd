/** The value, or a failure that names what was missing (instead of a non-null assertion). */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found none`);
  return value;
}

/** The parsed JSON body of a request a fetch mock received; the app's postJson always sends a string. */
export function jsonBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error('Expected a request with a JSON string body');
  return JSON.parse(body);
}
