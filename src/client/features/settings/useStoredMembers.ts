import { apiKey, type ApiKey } from '../../../shared/api-keys';
import type { StoredMembersResponse } from '../../../shared/member-search';
import { useApi } from '../../hooks/useApi';

/** When to ask again if the server gave no time (seconds). */
const RETRY_SECONDS = 2;

/**
 * The server's answer of the members its settings and their recent changes name, asked again while some of `ids`
 * (those the caller shows) are not read yet: the server reads a few at a time, within Discord's limits. The key names
 * the ids, so a changed list is asked about; the server reads only the ids it holds.
 */
export function useStoredMembers(serverID: string, ids: readonly string[]): StoredMembersResponse | undefined {
  const key = ids.length === 0 ? null : (`${apiKey('/server-members/stored', { serverID })}#${ids.join(',')}` as ApiKey<StoredMembersResponse>);
  const { data } = useApi(key, {
    refreshInterval: (latest) => (latest?.pending.some((id) => ids.includes(id)) === true ? (latest.retryAfter ?? RETRY_SECONDS) * 1000 : 0),
    revalidateOnFocus: false,
    // The asks again come when the server says, not SWR's two seconds of deduping later.
    dedupingInterval: 0,
    // A list changed in this visit keeps the names known so far while the new answer comes.
    keepPreviousData: true,
  });
  return data;
}
