/**
 * Where a login returns to: a path of this site only. Anything that would leave the origin (another
 * scheme or host, protocol-relative `//host`, backslash tricks, control characters) falls back to the
 * server list, so the login can never be turned into an open redirect.
 */
export const DEFAULT_RETURN_PATH = '/servers';

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function safeReturnPath(next: string | undefined, origin: string): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\') || hasControlCharacter(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}`;
}
