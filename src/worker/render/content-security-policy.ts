/**
 * The pages' CSP does not change from one response to the next, so an anonymous page can be served from
 * the edge cache: the three inline scripts (the theme boot script, the early-click holder and the script loader)
 * are allowed by their hashes, never by 'unsafe-inline' or a per-request nonce. The JSON data island and script list are
 * `type="application/json"`: data, never run.
 */
import { EARLY_CLICKS_SCRIPT } from '../../client/early-clicks';
import { THEME_BOOT_SCRIPT } from '../../client/theme-script';
import { SCRIPT_LOADER } from '../../client/script-loader';

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function scriptHash(script: string): Promise<string> {
  return `'sha256-${await sha256Base64(script)}'`;
}

let policy: { appOrigin: string | undefined; text: Promise<string> } | undefined;

/**
 * The settings page's live socket (ws: or wss: on our own host), named as well as 'self': browsers before
 * CSP Level 3 do not count WebSocket schemes as 'self'.
 */
// Unset or malformed, APP_ORIGIN fails the configuration check (503); the policy then names no socket.
const socketOrigin = (appOrigin: string | undefined) => (appOrigin && /^https?:\/\/[^\s;']+$/.test(appOrigin) ? ` ${appOrigin.replace(/^http/, 'ws')}` : '');

/** Built once per isolate (hashing needs the async WebCrypto, which the module's top level may not use). */
export function contentSecurityPolicy(appOrigin: string | undefined): Promise<string> {
  if (!policy || policy.appOrigin !== appOrigin) policy = { appOrigin, text: buildPolicy(appOrigin) };
  return policy.text;
}

function buildPolicy(appOrigin: string | undefined): Promise<string> {
  return Promise.all([scriptHash(THEME_BOOT_SCRIPT), scriptHash(EARLY_CLICKS_SCRIPT), scriptHash(SCRIPT_LOADER)]).then((inlineHashes) =>
    [
      "default-src 'self'",
      `script-src 'self' ${inlineHashes.join(' ')}`,
      // sonner and React style attributes set inline styles; scripts stay hash-only.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https://cdn.discordapp.com",
      "media-src 'self' blob:",
      `connect-src 'self'${socketOrigin(appOrigin)}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; '),
  );
}
