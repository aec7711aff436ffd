/** The parsed JSON body of a request a fetch mock received; the app's postJson always sends a string. */
export function jsonBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error('Expected a request with a JSON string body');
  return JSON.parse(body);
}
