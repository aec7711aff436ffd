import type { AdminWhitelistEntry } from '../../../shared/licences';
import { UNKNOWN_NAME } from '../../../shared/whitelist';

export type SortKey = 'user' | 'server' | 'expiresAt';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

const userLabel = (e: AdminWhitelistEntry) => e.userName ?? UNKNOWN_NAME;
const serverLabel = (e: AdminWhitelistEntry) => e.serverName ?? UNKNOWN_NAME;

/** Case-insensitive match of the filter text on user and server, by name or id. */
export function filterEntries(entries: readonly AdminWhitelistEntry[], query: string): AdminWhitelistEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) => [e.userID, userLabel(e), e.serverID, serverLabel(e)].some((field) => field.toLowerCase().includes(q)));
}

export function sortEntries(entries: readonly AdminWhitelistEntry[], { key, direction }: Sort): AdminWhitelistEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: AdminWhitelistEntry, b: AdminWhitelistEntry) => {
    if (key === 'expiresAt') return a.expiresAt - b.expiresAt;
    const [x, y] = key === 'user' ? [userLabel(a), userLabel(b)] : [serverLabel(a), serverLabel(b)];
    return x.localeCompare(y, 'en', { sensitivity: 'base' });
  };
  return [...entries].sort((a, b) => compare(a, b) * sign || a._id - b._id);
}
