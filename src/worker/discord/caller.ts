/** Who a Discord call speaks for, and as a short key: limits and shared loads are per token, and raw tokens stay out of long-lived memory. */

/** The bot (its token from the environment), or a user by their OAuth2 access token. */
export type DiscordAuth = { type: 'bot' } | { type: 'user'; token: string };

/** FNV-1a, 32 bits: a spread of keys, not a secret. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `bot`, or the user's token hashed: answers loaded with one user's token are shared only with that token. */
export const callerKey = (auth: DiscordAuth): string => (auth.type === 'bot' ? 'bot' : `user ${fnv1a(auth.token)}`);
