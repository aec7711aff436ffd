import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from '../../navigation';
import { TOAST_SUCCESS_MS } from '../../../shared/constants';
import { useAuth } from '../../session/useAuth';
import { toast } from '../../ui/toast';

/**
 * Ends the session on the server (or, `everywhere`, every session of the user), then forgets every cached
 * answer (user, servers, settings, admin flag).
 */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const { setSession } = useAuth();
  return useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      try {
        // The typed client loads with the first sign-out, not with every page's account menu.
        const { api, answerOf } = await import('../../api-client');
        await answerOf(everywhere ? api['logout-all'].$post() : api.logout.$post());
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Sign out failed.');
        return;
      }
      await mutate(() => true, undefined, { revalidate: false });
      setSession({ authenticated: false });
      navigate('/');
      // The landing page looks the same signed in or out but for its header: say that it worked.
      toast.success(everywhere ? 'Signed out on every device' : 'Signed out', { duration: TOAST_SUCCESS_MS });
    },
    [mutate, navigate, setSession],
  );
}
