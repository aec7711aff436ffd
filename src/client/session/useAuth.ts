import { apiKeys } from '../../shared/api-keys';
import { useApi } from '../hooks/useApi';

/** The session as the server sees it; prefilled by SSR on every page. */
export function useAuth() {
  const { data, error, isLoading, mutate } = useApi(apiKeys.checkAuth);
  return {
    auth: data,
    /** Not known yet: a prerendered page has no visitor in it and asks after hydration. */
    unknown: data === undefined && error === undefined,
    user: data?.authenticated ? data.user : null,
    isAdmin: data?.authenticated ? data.isAdmin : false,
    isLoading,
    mutate,
  };
}
