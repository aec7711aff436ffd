import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { apiKeys } from '../../../shared/api-keys';
import type { CheckAuthResponse } from '../../../shared/account';
import { requestToaster } from '../../hooks/useToasterRequest';

/**
 * Ends the session on the server (or, `everywhere`, every session of the user), then forgets every cached
 * answer (user, servers, settings, admin flag).
 */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      try {
        // The typed client loads with the first sign-out, not with every page's account menu.
        const { api, answerOf } = await import('../../api-client');
        await answerOf(everywhere ? api['logout-all'].$post() : api.logout.$post());
      } catch (error) {
        requestToaster();
        const { toast } = await import('sonner');
        await new Promise((resolve) => setTimeout(resolve, 0));
        toast.error(error instanceof Error ? error.message : 'Sign out failed.');
        return;
      }
      await mutate(() => true, undefined, { revalidate: false });
      await mutate<CheckAuthResponse>(apiKeys.checkAuth, { authenticated: false }, { revalidate: false });
      navigate('/');
    },
    [mutate, navigate],
  );
}
