import type { OwnerWhitelistEntry } from '../../../shared/licences';
import { formatExpiry, UNKNOWN_NAME } from '../../../shared/whitelist';

/** An entry's expiry as the whitelist dialogs show it. */
export function expiryText(entry: OwnerWhitelistEntry): string {
  const when = formatExpiry(entry.expiresAt);
  if (when === 'Permanent') return 'Permanent';
  return entry.active ? `Expires ${when}` : `Expired ${when}`;
}

/** The sentence the replace confirmation asks: both servers and the expiry that moves over. */
export function replaceQuestion(oldEntry: OwnerWhitelistEntry, newName: string): string {
  const when = formatExpiry(oldEntry.expiresAt);
  const oldName = oldEntry.serverName ?? UNKNOWN_NAME;
  const kept = when === 'Permanent' ? 'It stays permanent.' : `It keeps the ${when} expiry.`;
  return `Replace ${oldName} with ${newName}? ${kept} ${oldName} loses its license: the bot's features stop working there.`;
}
