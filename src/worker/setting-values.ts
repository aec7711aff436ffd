/** What a setting's value must be, for the Worker's check at every request and for `npm run setup` (no imports). */

/** The shortest secret accepted, in bytes of UTF-8 (`openssl rand -base64 32` prints 44). */
export const MIN_SECRET_BYTES = 32;

const encoder = new TextEncoder();

export const isStrongSecret = (value: unknown): value is string => typeof value === 'string' && encoder.encode(value).length >= MIN_SECRET_BYTES;

/** An `http(s)://host[:port]` origin with nothing after it. */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
