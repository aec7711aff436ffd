import { apiKeys } from '../../../shared/api-keys';
import { firstIssueSentence } from '../../../shared/schema-issues';
import { ApiClientError } from '../../api';
import { api, answerOf } from '../../api-client';
import { useApi } from '../../hooks/useApi';
import { useWhitelistRequests } from '../../hooks/useWhitelistRequests';

/** The outcome of an add, so the modal knows whether to open the replace dialog. */
export type AddOutcome = { kind: 'added' } | { kind: 'limit' } | { kind: 'failed'; message: string; code: string };

/** The user's whitelist and the one call that changes it. */
export function useWhitelist() {
  const swr = useApi(apiKeys.whitelist);
  const requests = useWhitelistRequests();

  const add = async (newServerID: string, oldServerID: string | null = null): Promise<AddOutcome> => {
    const { addWhitelistedServerSchema } = await requests();
    const parsed = addWhitelistedServerSchema.safeParse({ newServerID, oldServerID });
    if (!parsed.success) {
      return { kind: 'failed', message: firstIssueSentence(parsed.error), code: 'INVALID_INPUT' };
    }
    try {
      const next = await answerOf(api['add-whitelisted-server'].$post({ json: parsed.data }));
      await swr.mutate(next, { revalidate: false });
      return { kind: 'added' };
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'LIMIT') return { kind: 'limit' };
      const message = error instanceof Error ? error.message : 'Could not update the whitelist.';
      return { kind: 'failed', message, code: error instanceof ApiClientError ? error.code : 'NETWORK' };
    }
  };

  return { ...swr, add };
}

/** What the whitelist dialog shows of the hook's state: the whitelist, whether it is loading, and why it failed. */
export const whitelistStatus = (whitelist: ReturnType<typeof useWhitelist>) => ({
  state: whitelist.data,
  loading: whitelist.isLoading || whitelist.isValidating,
  loadError: whitelist.error ? whitelist.error.message : null,
});
