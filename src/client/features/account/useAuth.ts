import { apiKeys } from '../../../shared/api-keys';
import { useApi } from '../../hooks/useApi';

/** The session as the server sees it; prefilled by SSR on every page. */
export function useAuth() {
  const { data, isLoading, mutate } = useApi(apiKeys.checkAuth);
  return {
    auth: data,
    user: data?.authenticated ? data.user : null,
    isAdmin: data?.authenticated ? data.isAdmin : false,
    isLoading,
    mutate,
  };
}
