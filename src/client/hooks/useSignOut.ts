import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { apiActions, apiKeys } from '../../shared/api-keys';
import type { CheckAuthResponse } from '../../shared/api-types';
import { postJson } from '../api';
import { requestToaster } from './useToasterRequest';

/** Ends the session on the server, then forgets every cached answer (user, servers, settings, admin flag). */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await postJson<undefined>(apiActions.logout, {});
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
  }, [mutate, navigate]);
}
