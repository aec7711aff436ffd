/**
 * The pages' CSP does not change from one response to the next, so an anonymous page can be served from
 * the edge cache: the one inline script (the theme boot script) is allowed by its hash, never by
 * 'unsafe-inline' or a per-request nonce. The JSON data island is `type="application/json"`: data, never run.
 */
import { THEME_BOOT_SCRIPT } from '../../client/theme-script';

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function scriptHash(script: string): Promise<string> {
  return `'sha256-${await sha256Base64(script)}'`;
}

let policy: Promise<string> | undefined;

/** Built once per isolate (hashing needs the async WebCrypto, which the module's top level may not use). */
export function contentSecurityPolicy(): Promise<string> {
  policy ??= scriptHash(THEME_BOOT_SCRIPT).then((bootHash) =>
    [
      "default-src 'self'",
      `script-src 'self' ${bootHash}`,
      // sonner and React style attributes set inline styles; scripts stay hash-only.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https://cdn.discordapp.com",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; '),
  );
  return policy;
}
